// The extension's environment in Node for benchmarks: IndexedDB (fake-indexeddb) and a fake browser
// for storage. Import this first in a bench module that touches the cache or the settings.
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const g = globalThis as unknown as { browser?: unknown };
if (!g.browser) g.browser = fakeBrowser;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}
