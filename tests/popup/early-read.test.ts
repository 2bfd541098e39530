// The pages' early storage reads (lib/settings/early-read.ts, started by their early scripts): started
// before the main bundle runs, they answer the first paint's reads, which then ask storage nothing more; a
// read that is missing, failed or does not cover what a page asks for leaves the page reading for itself,
// with the same result.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { startFirstPaint } from '../../lib/popup/first-paint';
import { extensionStorage, startEarlyRead, takeEarlyRead } from '../../lib/settings/early-read';
import { readStored } from '../../lib/settings/read-stored';
import { defaultPrefs } from '../../lib/settings/registry';
import { readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { quote } from '../sidepanel/fixtures';

const now = Date.now();
const snapshot: FirstPaintSnapshot = {
  quotes: { 'CS.D.EURUSD.CFD.IP': { value: quote('CS.D.EURUSD.CFD.IP', { bid: 1.08 }), fetchedAt: now } },
  search: null,
  lists: null,
  watchlist: null,
};

beforeEach(async () => {
  fakeBrowser.reset();
  delete (globalThis as Record<string, unknown>).__marketsideEarlyRead;
  await fakeBrowser.storage.local.set({
    recentLookups: [{ epic: 'CS.D.EURUSD.CFD.IP', instrumentName: 'EUR/USD', at: 1 }],
    recentLookups$: { v: 2 },
    prefs: { ...defaultPrefs, theme: 'dark', selectedWatchlistId: 'W1' },
    prefs$: { v: 2 },
  });
  await fakeBrowser.storage.session.set({ firstPaint: snapshot, popupLastQuery: '', sidepanelRoute: null });
});

function spies() {
  return { local: vi.spyOn(fakeBrowser.storage.local, 'get'), session: vi.spyOn(fakeBrowser.storage.session, 'get') };
}

describe('the early storage reads', () => {
  it('answer the popup’s first paint: after the early script, the page reads storage no more', async () => {
    startEarlyRead(fakeBrowser.storage);
    const { local, session } = spies();
    const first = startFirstPaint({ q: null, epic: null });
    const { list, quotes } = await first.recent;
    expect(list.map((r) => r.epic)).toEqual(['CS.D.EURUSD.CFD.IP']);
    expect(quotes.get('CS.D.EURUSD.CFD.IP')?.value.bid).toBe(1.08);
    expect((await first.prefs).theme).toBe('dark');
    expect(await first.lastQuery).toBe('');
    expect(local).not.toHaveBeenCalled();
    expect(session).not.toHaveBeenCalled();
  });

  it('answer the side panel’s first paint the same way', async () => {
    startEarlyRead(fakeBrowser.storage);
    const { local, session } = spies();
    const first = await readPanelFirstPaint();
    expect(first.prefs.selectedWatchlistId).toBe('W1');
    expect(first.route).toEqual({ view: 'watchlists' });
    expect(local).not.toHaveBeenCalled();
    expect(session).not.toHaveBeenCalled();
  });

  it('are taken once: a later read of the same keys asks storage and sees what changed since', async () => {
    startEarlyRead(fakeBrowser.storage);
    expect((await readStored('session', [{ key: 'popupLastQuery' }])).get('popupLastQuery')?.value).toBe('');
    await fakeBrowser.storage.session.set({ popupLastQuery: 'EUR' });
    const { session } = spies();
    expect((await readStored('session', [{ key: 'popupLastQuery' }])).get('popupLastQuery')?.value).toBe('EUR');
    expect(session).toHaveBeenCalledTimes(1);
  });

  it('are not used for keys they did not read', async () => {
    startEarlyRead(fakeBrowser.storage);
    await fakeBrowser.storage.local.set({ pinnedEpic: 'X' });
    expect(takeEarlyRead('local', ['prefs', 'pinnedEpic'])).toBeNull();
    expect((await readStored('local', [{ key: 'pinnedEpic' }])).get('pinnedEpic')?.value).toBe('X');
  });

  it('leave the page reading for itself when a read failed, without an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarlyRead({
        local: { get: () => Promise.reject(new Error('storage gone')) },
        session: { get: () => Promise.reject(new Error('storage gone')) },
      });
      await new Promise((r) => setTimeout(r, 10));
      const first = await readPanelFirstPaint();
      expect(first.prefs.selectedWatchlistId).toBe('W1');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('find a stored value at an older version not current, so its item migrates it', async () => {
    await fakeBrowser.storage.local.set({ prefs$: { v: 1 } });
    startEarlyRead(fakeBrowser.storage);
    expect((await readStored('local', [{ key: 'prefs', version: 2 }])).get('prefs')?.current).toBe(false);
  });
});

describe("the early scripts' storage", () => {
  it("is Firefox's browser.storage when that is the extension's, else Chrome's chrome.storage", () => {
    const firefox = { local: { get: async () => ({}) } };
    const chrome = { local: { get: async () => ({}) } };
    expect(extensionStorage({ browser: { runtime: { id: 'x' }, storage: firefox }, chrome: { storage: chrome } })).toBe(
      firefox,
    );
    expect(extensionStorage({ browser: { storage: firefox }, chrome: { storage: chrome } })).toBe(chrome);
    expect(extensionStorage({})).toBeNull();
  });
});
