// The side panel's first paint reads everything it shows before its first render: the route, the
// preferences, the watchlists and the chosen list with its cached prices.
import { clear, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keys } from '../../lib/cache/entry';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { cacheStore } from '../../lib/cache/stores';
import { readCachedHistory } from '../../lib/history/cached';
import { activityKey, HISTORY_ACCOUNT_KEY, transactionsKey } from '../../lib/history/keys';
import type { WatchlistSummary } from '../../lib/model';
import { defaultPrefs, prefs } from '../../lib/settings/registry';
import { periodRange } from '../../lib/sidepanel/account-history';
import { pickList, readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { openRoute } from '../../lib/sidepanel/route';
import { quote } from './fixtures';

const now = Date.now();
const lists: WatchlistSummary[] = [
  { id: 'SYS', name: 'Popular Markets', editable: false, deleteable: false, defaultSystemWatchlist: true },
  { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false },
  { id: 'W2', name: 'Indices', editable: true, deleteable: true, defaultSystemWatchlist: false },
];

async function cacheList(id: string, epics: string[]) {
  const summary = lists.find((l) => l.id === id)!;
  await set(keys.watchlist(id), { value: { summary, epics }, fetchedAt: now }, cacheStore('watchlists'));
  for (const epic of epics)
    await set(epic, { value: quote(epic), fetchedAt: now, trail: [], trailAt: now }, cacheStore('snapshots'));
}

beforeEach(async () => {
  fakeBrowser.reset();
  await clear(cacheStore('watchlists'));
  await clear(cacheStore('snapshots'));
});

describe('the side panel’s first paint', () => {
  it('picks the remembered list, else the first editable one, else the first', () => {
    expect(pickList(lists, 'W2')?.id).toBe('W2');
    expect(pickList(lists, 'gone')?.id).toBe('W1');
    expect(pickList(lists.slice(0, 1), null)?.id).toBe('SYS');
    expect(pickList([], null)).toBeNull();
  });

  it('reads the route, the preferences and the remembered list with its cached prices', async () => {
    await set(keys.watchlistList, { value: lists, fetchedAt: now }, cacheStore('watchlists'));
    await cacheList('W1', ['CS.D.EURUSD.CFD.IP']);
    await cacheList('W2', ['IX.D.FTSE.DAILY.IP', 'IX.D.DAX.DAILY.IP']);
    await prefs.setValue({ ...defaultPrefs, selectedWatchlistId: 'W2', sparklines: false });
    await openRoute({ view: 'browse' });

    const first = await readPanelFirstPaint();
    expect(first.route.view).toBe('browse');
    expect(first.prefs.sparklines).toBe(false);
    expect(first.lists?.value.map((l) => l.id)).toEqual(['SYS', 'W1', 'W2']);
    expect(first.list?.value.summary.id).toBe('W2');
    expect(first.list?.value.markets.map((m) => m.epic)).toEqual(['IX.D.FTSE.DAILY.IP', 'IX.D.DAX.DAILY.IP']);
  });

  it('shows the list the panel would pick when the remembered one is gone', async () => {
    await set(keys.watchlistList, { value: lists, fetchedAt: now }, cacheStore('watchlists'));
    await cacheList('W1', ['CS.D.EURUSD.CFD.IP']);
    await prefs.setValue({ ...defaultPrefs, selectedWatchlistId: 'deleted' });

    const first = await readPanelFirstPaint();
    expect(first.list?.value.summary.id).toBe('W1');
    expect(first.list?.value.markets.map((m) => m.epic)).toEqual(['CS.D.EURUSD.CFD.IP']);
  });

  it('has nothing to show from an empty cache, and says so rather than guessing', async () => {
    const first = await readPanelFirstPaint();
    expect(first).toEqual({ route: { view: 'watchlists' }, prefs: defaultPrefs, lists: null, list: null });
  });
});

describe('the side panel’s first paint from the background’s snapshot', () => {
  it('paints the chosen list from one read of storage.session and one of storage.local, without the cache', async () => {
    const summary = lists[2]!;
    const snapshot: FirstPaintSnapshot = {
      quotes: { 'IX.D.FTSE.DAILY.IP': { value: quote('IX.D.FTSE.DAILY.IP'), fetchedAt: now } },
      search: null,
      lists: { value: lists, fetchedAt: now },
      watchlist: { value: { summary, epics: ['IX.D.FTSE.DAILY.IP', 'IX.D.DAX.DAILY.IP'] }, fetchedAt: now },
    };
    await fakeBrowser.storage.session.set({ firstPaint: snapshot });
    await fakeBrowser.storage.local.set({ prefs: { ...defaultPrefs, selectedWatchlistId: 'W2' }, prefs$: { v: 2 } });
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');

    const first = await readPanelFirstPaint();
    expect(first.lists?.value.map((l) => l.id)).toEqual(['SYS', 'W1', 'W2']);
    expect(first.list?.value.summary.id).toBe('W2');
    expect(first.list?.value.markets.map((m) => m.epic)).toEqual(['IX.D.FTSE.DAILY.IP']);
    expect(first.list?.stale).toBe(false);
    expect(local).toHaveBeenCalledTimes(1);
    expect(session).toHaveBeenCalledTimes(1);
  });

  it('reads the cache for a list the snapshot does not hold', async () => {
    await cacheList('W1', ['CS.D.EURUSD.CFD.IP']);
    const snapshot: FirstPaintSnapshot = {
      quotes: {},
      search: null,
      lists: { value: lists, fetchedAt: now },
      watchlist: { value: { summary: lists[2]!, epics: [] }, fetchedAt: now },
    };
    await fakeBrowser.storage.session.set({ firstPaint: snapshot });
    await prefs.setValue({ ...defaultPrefs, selectedWatchlistId: 'W1' });
    const first = await readPanelFirstPaint();
    expect(first.list?.value.markets.map((m) => m.epic)).toEqual(['CS.D.EURUSD.CFD.IP']);
  });
});

describe('the History route’s first paint', () => {
  const HISTORY = cacheStore('account-history');
  const tx = { at: '2026-11-18T15:10:00.000Z', instrumentName: 'EUR/USD', type: 'DEAL' };
  const act = { at: '2026-11-18T15:10:00.000Z', dealId: 'D1', actions: [] };

  beforeEach(() => clear(HISTORY));

  it('names the account whose history is cached and starts reading its first page, which the view then takes', async () => {
    await openRoute({ view: 'history', period: 'week' });
    const range = periodRange({ kind: 'week' }, new Date())!;
    await set(HISTORY_ACCOUNT_KEY, { value: 'ACC1', fetchedAt: now, lastUsed: now }, HISTORY);
    await set(transactionsKey('ACC1', range.from, range.to), { value: [tx], fetchedAt: now, lastUsed: now }, HISTORY);
    await set(
      activityKey('ACC1', range.from, range.to, 0),
      { value: { activities: [act], next: null }, fetchedAt: now, lastUsed: now },
      HISTORY,
    );
    const first = await readPanelFirstPaint();
    expect(first.historyAccount).toBe('ACC1');
    expect(await readCachedHistory('ACC1', range.from, range.to)).toEqual({
      transactions: [tx],
      activities: [act],
      hasMore: false,
    });
    // Another account's history is never what a page reads for this one.
    expect(await readCachedHistory('ACC2', range.from, range.to)).toBeNull();
  });

  it('after a switch of account (no account named) paints no history from the cache', async () => {
    await openRoute({ view: 'history' });
    expect((await readPanelFirstPaint()).historyAccount).toBeNull();
  });
});
