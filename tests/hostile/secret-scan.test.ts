// The secret scan's search (e2e/console-log.ts) finds what it must, a remembered connection included:
// remembered secrets are encrypted (lib/vault), so no plain text is allowed anywhere.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LogRecord, runDir, scanRun } from '../../e2e/console-log';

const PASSWORD = 'sim-pass-42-Q7xw';
const API_KEY = 'sim-apikey-42-f6ce41b819e8f4d8';
const CST = `SIMCST${'0123456789abcdef'.repeat(3)}0123456789`;
const ACCESS = 'SIMACC-0123abcd-0123-4567-0123456789ab';

function run(records: LogRecord[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'));
  const secrets: LogRecord = {
    kind: 'secrets',
    where: 'e2e/x.spec.ts',
    text: JSON.stringify({ password: PASSWORD, apiKey: API_KEY }),
  };
  writeFileSync(join(dir, 't.jsonl'), [secrets, ...records].map((r) => JSON.stringify(r)).join('\n'));
  return dir;
}

describe('scanRun', () => {
  it('finds the password, the API key and tokens wherever they were recorded', () => {
    const result = scanRun(
      run([
        { kind: 'console', where: 'service worker', text: `login with ${PASSWORD}` },
        { kind: 'reply', where: 'popup', text: JSON.stringify({ res: { ok: true, data: { key: API_KEY } } }) },
        { kind: 'port', where: 'popup', text: `{"cst":"${CST}"}` },
        { kind: 'indexeddb', where: 'marketside/x/1', text: `{"t":"${ACCESS}"}` },
        { kind: 'storage-local', where: 'connection', text: JSON.stringify({ password: PASSWORD, remember: false }) },
        { kind: 'shown', where: 'options', text: 'all fine' },
      ]),
    );
    expect(result.findings.map((f) => [f.kind, f.secret])).toEqual([
      ['console', 'password'],
      ['reply', 'api key'],
      ['port', 'token'],
      ['indexeddb', 'token'],
      ['storage-local', 'password'],
    ]);
    expect(result.specs).toEqual(['e2e/x.spec.ts']);
    expect(JSON.stringify(result.findings)).not.toContain(PASSWORD);
  });

  it('spares no plain text in storage.local, not even a connection marked remembered', () => {
    const result = scanRun(
      run([
        {
          kind: 'storage-local',
          where: 'connection',
          text: JSON.stringify({ password: PASSWORD, apiKey: API_KEY, remember: true }),
        },
        { kind: 'storage-local', where: 'vault', text: JSON.stringify({ ciphertext: 'AAAA', salt: 'BBBB' }) },
      ]),
    );
    expect(result.findings.map((f) => [f.where, f.secret])).toEqual([
      ['connection', 'password'],
      ['connection', 'api key'],
    ]);
    expect(result.records).toBe(2);
  });

  it('keeps each Playwright run in its own folder', () => {
    expect(runDir(123)).not.toBe(runDir(456));
    expect(runDir(123)).toMatch(/artifacts[/\\]console[/\\]run-123$/);
  });
});
