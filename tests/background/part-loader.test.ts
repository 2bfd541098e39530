// The service worker's part loader (lib/background/part-loader.js, put before the worker's script in the
// Chrome build), run as shipped against chunks in the shape Rollup's AMD output has, in a fake worker
// scope whose importScripts follows Chrome's rule: while the worker first runs or installs any script
// may be imported; after that only the scripts it imported then.
import { describe, expect, it } from 'vitest';
import { loaderFor } from '../../scripts/background-parts';

const ORIGIN = 'chrome-extension://abc/';

/** The built worker: a shared class, a part that uses it, a part that throws while it runs. */
const FILES: Record<string, string> = {
  'background.js': `define(['require', 'exports'], function (require, exports) {
    class Quote {}
    exports.Quote = Quote;
    self.ran = (self.ran || 0) + 1;
    self.openDealing = () => new Promise((resolve, reject) => require(['./background-parts/dealing.js'], resolve, reject));
    self.openBroken = () => new Promise((resolve, reject) => require(['./background-parts/broken.js'], resolve, reject));
    self.Quote = Quote;
  });`,
  'background-parts/dealing.js': `define(['exports', '../background.js', './shared.js'], function (exports, worker, shared) {
    self.partRuns = (self.partRuns || 0) + 1;
    exports.isQuote = (q) => q instanceof worker.Quote;
    exports.twice = (n) => shared.double(n);
  });`,
  'background-parts/shared.js': `define(['exports'], function (exports) { exports.double = (n) => n * 2; });`,
  'background-parts/broken.js': `define(['exports'], function () { self.brokenRuns = (self.brokenRuns || 0) + 1; throw new Error('broken part'); });`,
};
const PARTS = ['background-parts/dealing.js', 'background-parts/shared.js', 'background-parts/broken.js'];
const LOADER = loaderFor(PARTS);

interface Scope {
  location: { href: string };
  define?: (deps: string[], factory: (...a: unknown[]) => void) => void;
  importScripts(url: string): void;
  addEventListener(type: string, fn: () => void): void;
  imported: string[];
  [k: string]: unknown;
}

/** A worker scope; `installed` lists what an earlier install imported (null: this worker installs now). */
function worker(installed: Set<string> | null, files = FILES) {
  const listeners: Record<string, (() => void)[]> = {};
  let phase: 'first run' | 'installing' | 'running' = 'first run';
  const cached = installed ?? new Set<string>();
  const scope: Scope = {
    location: { href: `${ORIGIN}background.js` },
    imported: [],
    importScripts(url: string) {
      const mayImportNew = installed === null && phase !== 'running';
      if (!mayImportNew && !cached.has(url))
        throw new Error(
          `NetworkError: importScripts() of new scripts after service worker installation is not allowed (${url})`,
        );
      if (installed === null && phase !== 'running') cached.add(url);
      scope.imported.push(url.slice(ORIGIN.length));
      const text = files[url.slice(ORIGIN.length)];
      if (text === undefined) throw new Error(`NetworkError: ${url} failed to load`);
      new Function('self', 'define', text)(scope, scope.define);
    },
    addEventListener(type: string, fn: () => void) {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
  };
  new Function('self', LOADER)(scope);
  // The worker's own script runs at once, right after the loader.
  new Function('self', 'define', files['background.js'] as string)(scope, scope.define);
  const install = () => {
    phase = 'installing';
    for (const fn of listeners.install ?? []) fn();
    phase = 'running';
  };
  if (installed) phase = 'running';
  return { scope, install, cached };
}

const call = <T>(scope: Scope, name: string) => (scope[name] as () => Promise<T>)();

describe('the worker part loader', () => {
  it('runs the worker script at once and imports every part at install without running one', () => {
    const { scope, install, cached } = worker(null);
    expect(scope.ran).toBe(1);
    install();
    expect(scope.imported).toEqual(PARTS);
    expect(scope.partRuns).toBeUndefined();
    expect(scope.brokenRuns).toBeUndefined();
    expect([...cached].map((u) => u.slice(ORIGIN.length))).toEqual(PARTS);
  });

  it('loads a part when asked, with what it imports, sharing the worker script’s own classes', async () => {
    const { scope, install } = worker(null);
    install();
    const part = await call<{ isQuote(q: unknown): boolean; twice(n: number): number }>(scope, 'openDealing');
    expect(part.isQuote(new (scope.Quote as new () => object)())).toBe(true);
    expect(part.twice(21)).toBe(42);
    await call(scope, 'openDealing');
    expect(scope.partRuns).toBe(1);
  });

  it('loads a part in a worker woken long after it installed', async () => {
    const first = worker(null);
    first.install();
    const woken = worker(first.cached);
    expect(woken.scope.ran).toBe(1);
    const part = await call<{ twice(n: number): number }>(woken.scope, 'openDealing');
    expect(part.twice(2)).toBe(4);
  });

  it('fails a load with the browser’s error, never a crash, when a part was not imported at install', async () => {
    const first = worker(null);
    first.install();
    first.cached.delete(`${ORIGIN}background-parts/shared.js`);
    const woken = worker(first.cached);
    await expect(call(woken.scope, 'openDealing')).rejects.toThrow(/importScripts\(\) of new scripts/);
  });

  it('does not keep a part that threw while it ran, so asking again runs it again', async () => {
    const { scope, install } = worker(null);
    install();
    await expect(call(scope, 'openBroken')).rejects.toThrow('broken part');
    await expect(call(scope, 'openBroken')).rejects.toThrow('broken part');
    expect(scope.brokenRuns).toBe(2);
  });
});
