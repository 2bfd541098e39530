// @vitest-environment happy-dom
// The side panel's kept screen (lib/early-screen/): the first screen the panel's own components rendered
// with rows is kept, and the next opening's early script shows exactly that markup at once (the user sees the
// rows before the panel's bundle runs); the panel then renders hidden and, in the same commit as its rows,
// takes the kept screen's place with the same markup: no frame shows both, none shows neither, nothing flashes.
import { cleanup, waitFor } from '@testing-library/preact';
import { render as renderPreact } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  // A background that never answers: the panel shows what it read, as on its first frames.
  send: () => new Promise(() => {}),
}));

import { App } from '../../entrypoints/sidepanel/App';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { FIRST_SCREEN_ID } from '../../lib/early-screen/hand-over';
import { keptHtml, resetKept } from '../../lib/early-screen/kept';
import { showKeptScreen } from '../../lib/early-screen/paint';
import type { MarketQuote, WatchlistSummary } from '../../lib/model';
import { defaultPrefs } from '../../lib/settings/prefs';
import { readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { panelOpeningKey } from '../../lib/sidepanel/kept-key';
import { LiveLink } from '../../lib/sidepanel/live';
import { quote } from './fixtures';

const HOSTILE = '<img src=x onerror="globalThis.pwned=1">Gold & "Silver"';
const now = Date.now();
const lists: WatchlistSummary[] = [
  { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false },
  { id: 'W2', name: 'Indices', editable: true, deleteable: false, defaultSystemWatchlist: false },
];
const markets: MarketQuote[] = [
  quote('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EUR/USD', bid: 1.08412, offer: 1.08421, percentageChange: 0.11 }),
  quote('IX.D.FTSE.DAILY.IP', { instrumentName: 'FTSE 100', bid: 8120.5, offer: 8121.5, marketStatus: 'CLOSED' }),
  quote('CS.D.GOLD.CFD.IP', { instrumentName: HOSTILE, bid: 2301.25, offer: 2301.55 }),
];
const snapshot: FirstPaintSnapshot = {
  quotes: Object.fromEntries(markets.map((q) => [q.epic, { value: q, fetchedAt: now }])),
  search: null,
  lists: { value: lists, fetchedAt: now },
  watchlist: { value: { summary: lists[0]!, epics: markets.map((q) => q.epic) }, fetchedAt: now },
};
const local = { prefs: { ...defaultPrefs, selectedWatchlistId: 'W1', theme: 'dark' }, prefs$: { v: 2 } };

const silentPort = () => ({
  postMessage() {},
  onMessage: { addListener() {} },
  onDisconnect: { addListener() {} },
  disconnect() {},
});

function newPage(): HTMLElement {
  cleanup();
  document.body.innerHTML = '';
  resetKept();
  const app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
  return app;
}

/** The panel as main.tsx renders it once its first-paint reads are in, outside act(): commit by commit. */
async function renderPanel(app: HTMLElement) {
  const first = readPanelFirstPaint();
  const ready = await first;
  renderPreact(<App live={new LiveLink(silentPort)} first={first} ready={ready} />, app);
}

const names = (root: ParentNode) =>
  [...root.querySelectorAll('[data-testid="panel-row"] .wl-name button')].map((b) => b.textContent);

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.session.set({ firstPaint: snapshot });
  await fakeBrowser.storage.local.set(local);
});
afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.theme;
});

describe("the side panel's kept screen", () => {
  it('shows the rows the panel last rendered at once, then hands over in one commit with the same markup', async () => {
    // A first opening: nothing kept yet, the panel renders and keeps its first screen with rows.
    const app = newPage();
    await renderPanel(app);
    await waitFor(() => expect(names(app)).toHaveLength(3));
    const session = await fakeBrowser.storage.session.get(null);
    expect((session['sidepanelScreen.watchlists'] as { key: string }).key).toBe('watchlists:W1');
    renderPreact(null, app);

    // The next opening: the early script shows the kept screen before the panel's bundle has run.
    const next = newPage();
    const key = panelOpeningKey(session.sidepanelRoute, local.prefs, true);
    expect(showKeptScreen('sidepanel', key, session, local, next)).toBe(true);
    const shown = document.getElementById(FIRST_SCREEN_ID)!;
    expect(names(shown).sort()).toEqual(['EUR/USD', 'FTSE 100', HOSTILE].sort());
    expect(shown.textContent).toContain('1.08412');
    expect(shown.hasAttribute('inert')).toBe(true);
    expect(next.hidden).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    // Service text was kept as text: nothing of it runs or becomes an element.
    expect(shown.querySelector('img')).toBeNull();
    const keptMarkup = shown.innerHTML;

    await renderPanel(next);
    try {
      // In the same commit as its rows: the kept screen is gone, the panel shows, one set of rows on screen.
      expect(names(next)).toHaveLength(3);
      expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
      expect(next.hidden).toBe(false);
      expect(document.querySelectorAll('[data-testid="panel-row"]')).toHaveLength(3);
      // And what it shows is what the kept screen showed: the hand-over changes nothing a user sees.
      expect(keptHtml(next)).toBe(keptMarkup);
    } finally {
      renderPreact(null, next);
    }
  });

  it('is not shown for another list, another view, offline, or after an account switch', async () => {
    const app = newPage();
    await renderPanel(app);
    await waitFor(() => expect(names(app)).toHaveLength(3));
    renderPreact(null, app);
    const session = await fakeBrowser.storage.session.get(null);
    const show = (route: unknown, prefs: unknown, online = true, s = session) =>
      showKeptScreen('sidepanel', panelOpeningKey(route, prefs, online), s, local, newPage());
    expect(show(undefined, { ...local.prefs, selectedWatchlistId: 'W2' })).toBe(false);
    expect(show({ view: 'positions' }, local.prefs)).toBe(false);
    expect(show({ view: 'history', period: 'week' }, local.prefs)).toBe(false);
    expect(show(undefined, local.prefs, false)).toBe(false);
    const { forgetKeptScreens } = await import('../../lib/settings/registry');
    await forgetKeptScreens();
    expect(show(undefined, local.prefs, true, await fakeBrowser.storage.session.get(null))).toBe(false);
    expect(show(undefined, local.prefs)).toBe(true);
  });

  it("leaves out what the background's status decides (the account, the stream, banners)", () => {
    const app = newPage();
    app.innerHTML =
      '<header><div class="account"><strong data-unkept>Main account</strong><span data-unkept>ACC1</span></div>' +
      '<span data-unkept data-testid="stream-state">Live</span></header><div data-unkept class="banner">Offline</div>' +
      '<input type="search"><input type="checkbox"><select><option value="a">A</option><option value="b">B</option></select>';
    (app.querySelector('input[type="search"]') as HTMLInputElement).value = 'EUR';
    (app.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
    (app.querySelector('select') as HTMLSelectElement).value = 'b';
    const copy = document.createElement('div');
    copy.innerHTML = keptHtml(app);
    expect(copy.textContent).not.toMatch(/Main account|ACC1|Live|Offline/);
    expect((copy.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('EUR');
    expect((copy.querySelector('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
    expect((copy.querySelector('select') as HTMLSelectElement).value).toBe('b');
  });
});
