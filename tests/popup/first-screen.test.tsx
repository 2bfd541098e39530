// @vitest-environment happy-dom
// The popup's early screen (lib/popup/first-screen.ts) paints what the popup's first render shows from the
// same stored data, with the same markup: the same snapshot rendered both ways gives the same DOM (tags,
// attributes, classes, text, order). It paints nothing when the popup would show something else, and the
// popup then renders as usual; when it painted, the popup's own screen replaces it once its rows are in.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../entrypoints/popup/App';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { CACHE_STORES, cacheStore } from '../../lib/cache/stores';
import { afterEarlyScreen, FIRST_SCREEN_ID, handOverFirstScreen } from '../../lib/early-screen/hand-over';
import type { Send } from '../../lib/popup/deps';
import { firstScreen, paintFirstScreen, screenElement } from '../../lib/popup/first-screen';
import { defaultPrefs } from '../../lib/settings/registry';
import { domShape } from '../helpers/dom-shape';
import { quote } from '../sidepanel/fixtures';

const HOSTILE = '<img src=x onerror="globalThis.pwned=1">Gold & "Silver"';
const now = Date.now();
const EURUSD = quote('CS.D.EURUSD.TODAY.IP', {
  instrumentName: 'EUR/USD',
  bid: 1.08412,
  offer: 1.08421,
  netChange: 0.0012,
  percentageChange: 0.11,
});
const FTSE = quote('IX.D.FTSE.DAILY.IP', {
  instrumentName: 'FTSE 100',
  bid: 8120.5,
  offer: 8121.5,
  netChange: -12.5,
  percentageChange: -0.15,
  marketStatus: 'CLOSED',
});
const GOLD = quote('CS.D.GOLD.CFD.IP', { instrumentName: HOSTILE, bid: null, offer: null, netChange: null });

const recent = [
  { epic: EURUSD.epic, instrumentName: 'EUR/USD', at: 3 },
  { epic: FTSE.epic, instrumentName: 'FTSE 100', at: 2 },
  { epic: GOLD.epic, instrumentName: 'Gold', at: 1 },
];

function snapshot(patch: Partial<FirstPaintSnapshot> = {}): FirstPaintSnapshot {
  return {
    quotes: {
      [EURUSD.epic]: { value: EURUSD, fetchedAt: now },
      // Older than a quote's freshness: shown with its age.
      [FTSE.epic]: { value: FTSE, fetchedAt: now - 3_600_000 },
      [GOLD.epic]: { value: GOLD, fetchedAt: now },
    },
    search: { key: 'eur', value: [EURUSD, FTSE, GOLD], fetchedAt: now },
    lists: null,
    watchlist: null,
    ...patch,
  };
}

const local = {
  recentLookups: recent,
  recentLookups$: { v: 2 },
  prefs: { ...defaultPrefs, theme: 'dark' },
  prefs$: { v: 2 },
};

/** A background that never answers: the popup shows what it read, as on its first frames. */
const silent = (() => new Promise(() => {})) as unknown as Send;
const deps = { send: silent, connectLive: () => null, openOptions: vi.fn(), openSidePanel: vi.fn() };

async function popupShape(session: Record<string, unknown>, params: { q: string | null; epic: string | null }) {
  await fakeBrowser.storage.session.set(session);
  await fakeBrowser.storage.local.set(local);
  const { container } = render(<App deps={deps} params={params} />);
  const rows = firstScreen(params, session, local, Date.now(), true)?.rows.length ?? 0;
  await waitFor(() => expect(screen.queryAllByTestId('popup-result')).toHaveLength(rows));
  // The cached search settles (or not, when stale) in the same turn as its rows.
  await new Promise((r) => setTimeout(r, 20));
  return domShape(container.querySelector('main.popup')!);
}

function earlyShape(session: Record<string, unknown>, params: { q: string | null; epic: string | null }) {
  const early = firstScreen(params, session, local, Date.now(), true);
  expect(early).not.toBeNull();
  return domShape(screenElement(early!));
}

beforeEach(async () => {
  fakeBrowser.reset();
  for (const store of CACHE_STORES) await clear(cacheStore(store));
  document.body.innerHTML = '';
});
afterEach(() => {
  cleanup();
  delete (globalThis as Record<string, unknown>).__marketsideEarlyRead;
});

describe('the popup’s early screen', () => {
  it('is the popup’s own first screen of recent lookups, row for row', async () => {
    const session = { firstPaint: snapshot(), popupLastQuery: '' };
    const early = earlyShape(session, { q: null, epic: null });
    expect(JSON.stringify(early)).toContain('1 h ago');
    expect(await popupShape(session, { q: null, epic: null })).toEqual(early);
  });

  it('is the popup’s own first screen of an opening search (?q=)', async () => {
    const session = { firstPaint: snapshot(), popupLastQuery: '' };
    const params = { q: ' EUR ', epic: null };
    expect(await popupShape(session, params)).toEqual(earlyShape(session, params));
  });

  it('is the popup’s own first screen of the last search restored, busy while its stale results refresh', async () => {
    const stale = snapshot({ search: { key: 'eur', value: [EURUSD, FTSE], fetchedAt: now - 3_600_000 } });
    const session = { firstPaint: stale, popupLastQuery: 'EUR' };
    const early = earlyShape(session, { q: null, epic: null });
    expect(JSON.stringify(early)).toContain('search__spinner');
    expect(await popupShape(session, { q: null, epic: null })).toEqual(early);
  });

  it('sets market names as text: a hostile name is shown, never parsed', () => {
    const early = firstScreen({ q: 'eur', epic: null }, { firstPaint: snapshot() }, local, now, true)!;
    const main = screenElement(early);
    expect(main.querySelector('img')).toBeNull();
    expect(main.querySelectorAll('.row__title')[2]?.textContent).toBe(HOSTILE);
  });

  it('paints nothing when the popup would first show something else', () => {
    const session = { firstPaint: snapshot(), popupLastQuery: '' };
    const none = { q: null, epic: null };
    // No snapshot, or not one.
    expect(firstScreen(none, {}, local, now, true)).toBeNull();
    expect(firstScreen(none, { firstPaint: 'garbage' }, local, now, true)).toBeNull();
    expect(firstScreen(none, { firstPaint: { quotes: null } }, local, now, true)).toBeNull();
    expect(firstScreen(none, session, { ...local, recentLookups: { epic: 'x' } }, now, true)).toBeNull();
    // A recent lookup whose price only IndexedDB holds.
    const partial = snapshot();
    delete partial.quotes[FTSE.epic];
    expect(firstScreen(none, { firstPaint: partial }, local, now, true)).toBeNull();
    // Values stored by an older version (the popup migrates them first).
    expect(firstScreen(none, session, { ...local, recentLookups$: { v: 1 } }, now, true)).toBeNull();
    expect(firstScreen(none, session, { ...local, prefs$: { v: 1 } }, now, true)).toBeNull();
    // A search the snapshot does not hold, a market view, offline, nothing to list.
    expect(firstScreen({ q: 'gbp', epic: null }, session, local, now, true)).toBeNull();
    expect(firstScreen({ q: null, epic: EURUSD.epic }, session, local, now, true)).toBeNull();
    expect(firstScreen(none, session, local, now, false)).toBeNull();
    expect(firstScreen(none, session, { ...local, recentLookups: [] }, now, true)).toBeNull();
  });

  it('when painted, stands in for the popup until its rows are in, then leaves in the same turn', async () => {
    await fakeBrowser.storage.session.set({ firstPaint: snapshot(), popupLastQuery: '' });
    await fakeBrowser.storage.local.set(local);
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);
    paintFirstScreen(firstScreen({ q: null, epic: null }, { firstPaint: snapshot() }, local, now, true)!, app);
    expect(app.hidden).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.getElementById(FIRST_SCREEN_ID)?.hasAttribute('inert')).toBe(true);
    render(<App deps={deps} params={{ q: null, epic: null }} />, { container: app });
    await waitFor(() => expect(app.querySelectorAll('[data-testid="popup-result"]')).toHaveLength(3));
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(app.hidden).toBe(false);
  });

  it('when nothing was painted, the popup renders at once and shows itself', async () => {
    const renderPage = vi.fn();
    (globalThis as Record<string, unknown>).__marketsideEarlyRead = { painted: Promise.resolve(false) };
    afterEarlyScreen(renderPage);
    await waitFor(() => expect(renderPage).toHaveBeenCalledTimes(1));
    delete (globalThis as Record<string, unknown>).__marketsideEarlyRead;
    afterEarlyScreen(renderPage);
    expect(renderPage).toHaveBeenCalledTimes(2);
    // No early screen: handing over changes nothing.
    const app = document.createElement('div');
    handOverFirstScreen(app);
    expect(app.hidden).toBe(false);
  });

  it('renders the popup even if the early reads never answer', async () => {
    const renderPage = vi.fn();
    (globalThis as Record<string, unknown>).__marketsideEarlyRead = { painted: new Promise(() => {}) };
    afterEarlyScreen(renderPage);
    await waitFor(() => expect(renderPage).toHaveBeenCalledTimes(1), { timeout: 2_000 });
  });
});
