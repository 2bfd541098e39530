// A virtual display for the journeys that need Firefox's own toolbar, sidebar and popup: headless Firefox
// draws no browser window, so its toolbar buttons, sidebar box and popup panels never open. Debian's `xvfb`
// package (/usr/bin/Xvfb).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

export interface Display {
  /** ":N", for DISPLAY. */
  name: string;
  stop(): Promise<void>;
}

/** Starts Xvfb on the first free display it finds (it writes the number it took to the given fd). */
export async function startXvfb(): Promise<Display> {
  if (!existsSync(XVFB)) throw new Error(`No Xvfb at ${XVFB}: \`apt-get install -y xvfb\` (or set XVFB_PATH)`);
  const proc: ChildProcess = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const name = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    proc.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}) before it started`));
    });
  });
  return {
    name,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
