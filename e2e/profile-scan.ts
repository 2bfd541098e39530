// Searches every file of a browser profile folder (every subfolder, the HTTP cache included) for secrets,
// as bytes: UTF-8 and UTF-16LE (how Chromium's stores may hold text), and the simulated service's token
// pattern in any encoding of ASCII. Symbolic links (Chromium's Singleton* locks) are not followed.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SIM_TOKEN } from './console-log';

export interface ProfileSecret {
  name: string;
  value: string;
}

export interface ProfileFinding {
  secret: string;
  /** The file, relative to the profile folder. */
  file: string;
  encoding: 'utf-8' | 'utf-16le' | 'token pattern';
}

export interface ProfileScan {
  files: string[];
  bytes: number;
  findings: ProfileFinding[];
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) out.push(...listFiles(path));
    else if (stat.isFile()) out.push(path);
  }
  return out;
}

export function scanProfile(dir: string, secrets: ProfileSecret[]): ProfileScan {
  const needles = secrets
    .filter((s) => s.value.length >= 6)
    .flatMap((s) => [
      { secret: s.name, encoding: 'utf-8' as const, bytes: Buffer.from(s.value, 'utf8') },
      { secret: s.name, encoding: 'utf-16le' as const, bytes: Buffer.from(s.value, 'utf16le') },
    ]);
  const scan: ProfileScan = { files: [], bytes: 0, findings: [] };
  for (const path of listFiles(dir)) {
    const file = relative(dir, path);
    scan.files.push(file);
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch {
      continue;
    }
    scan.bytes += data.length;
    for (const n of needles)
      if (data.includes(n.bytes)) scan.findings.push({ secret: n.secret, file, encoding: n.encoding });
    const token = SIM_TOKEN.exec(data.toString('latin1'));
    if (token) scan.findings.push({ secret: `token ${token[0].slice(0, 6)}…`, file, encoding: 'token pattern' });
  }
  return scan;
}
