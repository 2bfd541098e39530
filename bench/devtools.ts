// The extension's contexts a Playwright page session cannot reach (its service worker, the offscreen
// document), through Chromium's own DevTools port: start Chromium with `--remote-debugging-port=0` and a
// profile folder of our own, then read the port from the profile's DevToolsActivePort file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import WebSocket from 'ws';

export const DEVTOOLS_ARGS = ['--remote-debugging-port=0'];

interface Target {
  type: string;
  url: string;
  webSocketDebuggerUrl?: string;
}

export class DevTools {
  private constructor(private readonly origin: string) {}

  static async open(profile: string, timeoutMs = 15_000): Promise<DevTools> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const port = (await readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n')[0];
      if (port) return new DevTools(`http://127.0.0.1:${port.trim()}`);
      if (Date.now() > end) throw new Error('Chromium wrote no DevToolsActivePort');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async targets(): Promise<Target[]> {
    return (await (await fetch(`${this.origin}/json/list`)).json()) as Target[];
  }

  /** Used JS heap (MB) of the first target whose URL contains `urlPart` (and of `type`, when given), after a GC. */
  async heapMb(urlPart: string, type?: string): Promise<number | null> {
    const target = (await this.targets()).find(
      (t) => t.url.includes(urlPart) && (!type || t.type === type) && t.webSocketDebuggerUrl,
    );
    if (!target?.webSocketDebuggerUrl) return null;
    const ws = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    let id = 0;
    const call = (method: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const mine = ++id;
        const timer = setTimeout(() => reject(new Error(`${method} did not answer`)), 30_000);
        const onMessage = (data: WebSocket.RawData) => {
          const m = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown>; error?: unknown };
          if (m.id !== mine) return;
          clearTimeout(timer);
          ws.off('message', onMessage);
          if (m.error) reject(new Error(`${method}: ${JSON.stringify(m.error)}`));
          else resolve(m.result ?? {});
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ id: mine, method }));
      });
    try {
      await call('HeapProfiler.collectGarbage');
      const usage = await call('Runtime.getHeapUsage');
      return Number(usage.usedSize) / (1024 * 1024);
    } catch {
      return null;
    } finally {
      ws.close();
    }
  }
}
