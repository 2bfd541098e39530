// The popup's first paint: its recent lookups' prices and its opening search come from the background's
// snapshot in one storage read each, and from the cache for what the snapshot does not hold.
import { clear, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { cacheStore } from '../../lib/cache/stores';
import { startFirstPaint } from '../../lib/popup/first-paint';
import { defaultPrefs } from '../../lib/settings/registry';
import { quote } from '../sidepanel/fixtures';

const now = Date.now();
const recent = [
  { epic: 'CS.D.EURUSD.CFD.IP', instrumentName: 'EUR/USD', at: 2 },
  { epic: 'IX.D.FTSE.DAILY.IP', instrumentName: 'FTSE 100', at: 1 },
];
const snapshot: FirstPaintSnapshot = {
  quotes: { 'CS.D.EURUSD.CFD.IP': { value: quote('CS.D.EURUSD.CFD.IP', { bid: 1.08 }), fetchedAt: now } },
  search: { key: 'eur', value: [quote('CS.D.EURUSD.CFD.IP'), quote('CS.D.EURGBP.CFD.IP')], fetchedAt: now },
  lists: null,
  watchlist: null,
};

beforeEach(async () => {
  fakeBrowser.reset();
  await clear(cacheStore('snapshots'));
  await clear(cacheStore('search'));
  await fakeBrowser.storage.local.set({
    recentLookups: recent,
    recentLookups$: { v: 2 },
    prefs: { ...defaultPrefs, theme: 'dark' },
    prefs$: { v: 2 },
  });
});

describe('the popup’s first paint', () => {
  it('shows the recent lookups with the snapshot’s prices, the cache’s for the rest, from one read of each area', async () => {
    await fakeBrowser.storage.session.set({ firstPaint: snapshot, popupLastQuery: '' });
    await set(
      'IX.D.FTSE.DAILY.IP',
      { value: quote('IX.D.FTSE.DAILY.IP', { bid: 7500 }), fetchedAt: now, lastUsed: now, trail: [], trailAt: now },
      cacheStore('snapshots'),
    );
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    const first = startFirstPaint({ q: null, epic: null });
    const { list, quotes } = await first.recent;
    expect(list.map((r) => r.epic)).toEqual(['CS.D.EURUSD.CFD.IP', 'IX.D.FTSE.DAILY.IP']);
    expect(quotes.get('CS.D.EURUSD.CFD.IP')?.value.bid).toBe(1.08);
    expect(quotes.get('IX.D.FTSE.DAILY.IP')?.value.bid).toBe(7500);
    expect((await first.prefs).theme).toBe('dark');
    expect(await first.lastQuery).toBe('');
    expect(local).toHaveBeenCalledTimes(1);
    expect(session).toHaveBeenCalledTimes(1);
  });

  it('opens a search with the snapshot’s results for its term, and reads the cache for another term', async () => {
    await fakeBrowser.storage.session.set({ firstPaint: snapshot });
    await set('gbp', { value: [quote('CS.D.GBPUSD.CFD.IP')], fetchedAt: now, lastUsed: now }, cacheStore('search'));
    const first = startFirstPaint({ q: ' EUR ', epic: null });
    const opening = await first.readSearch('EUR');
    expect(opening?.value.map((m) => m.epic)).toEqual(['CS.D.EURUSD.CFD.IP', 'CS.D.EURGBP.CFD.IP']);
    expect(opening?.stale).toBe(false);
    expect((await first.readSearch('GBP'))?.value.map((m) => m.epic)).toEqual(['CS.D.GBPUSD.CFD.IP']);
  });

  it('restores this session’s last search from the same read', async () => {
    await fakeBrowser.storage.session.set({ firstPaint: snapshot, popupLastQuery: 'EUR' });
    const first = startFirstPaint({ q: null, epic: null });
    expect(await first.lastQuery).toBe('EUR');
    expect((await first.readSearch('EUR'))?.value).toHaveLength(2);
  });
});
