// @vitest-environment happy-dom
// The early scripts' mechanics (lib/early-screen/paint.ts): a page's screen is painted from its two early
// reads beside its root once the page is parsed, even when the reads answer first; nothing is painted when
// a read fails, the root is missing or the page has rendered itself.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintFromEarlyReads } from '../../lib/early-screen/paint';
import { earlyReads } from '../../lib/settings/early-read';

let state: DocumentReadyState = 'complete';
const session = { firstPaint: { quotes: {} } };
const local = { prefs: null };

function storage(fail = false) {
  const get = (values: object) => async () => {
    if (fail) throw new Error('storage gone');
    return values;
  };
  vi.stubGlobal('browser', {
    runtime: { id: 'x' },
    storage: { session: { get: get(session) }, local: { get: get(local) } },
  });
}

function root(): HTMLElement {
  const app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
  return app;
}

beforeEach(() => {
  state = 'complete';
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>).__marketsideEarlyRead;
});

describe('painting from the early reads', () => {
  it('waits for the page to be parsed when the reads answer first, then paints beside its root', async () => {
    state = 'loading';
    storage();
    const paint = vi.fn(() => true);
    paintFromEarlyReads(paint);
    await new Promise((r) => setTimeout(r, 20));
    expect(paint).not.toHaveBeenCalled();
    const app = root();
    state = 'interactive';
    document.dispatchEvent(new Event('readystatechange'));
    expect(await earlyReads()?.painted).toBe(true);
    expect(paint).toHaveBeenCalledWith(session, local, app);
  });

  it('paints at once on a parsed page, and says when it painted nothing', async () => {
    storage();
    const app = root();
    const paint = vi.fn(() => false);
    paintFromEarlyReads(paint);
    expect(await earlyReads()?.painted).toBe(false);
    expect(paint).toHaveBeenCalledWith(session, local, app);
  });

  it('paints nothing when a read fails, there is no root, or the page rendered itself', async () => {
    const paint = vi.fn(() => true);
    storage(true);
    root();
    paintFromEarlyReads(paint);
    expect(await earlyReads()?.painted).toBe(false);
    storage();
    document.body.innerHTML = '';
    paintFromEarlyReads(paint);
    expect(await earlyReads()?.painted).toBe(false);
    root().append(document.createElement('main'));
    paintFromEarlyReads(paint);
    expect(await earlyReads()?.painted).toBe(false);
    expect(paint).not.toHaveBeenCalled();
  });
});
