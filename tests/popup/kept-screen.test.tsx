// @vitest-environment happy-dom
// The popup's kept screen (lib/early-screen/): the first screen the popup's own components rendered with rows
// for what it opened to is kept, and the next opening to the same shows exactly that markup at once (before
// the popup's bundle runs); the popup renders hidden and takes its place once its rows are in, with the same
// markup: no moment shows both, none shows neither. A market, or another search, shows nothing kept.
import { cleanup } from '@testing-library/preact';
import { clear } from 'idb-keyval';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../entrypoints/popup/App';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { CACHE_STORES, cacheStore } from '../../lib/cache/stores';
import { FIRST_SCREEN_ID } from '../../lib/early-screen/hand-over';
import { keptHtml, resetKept } from '../../lib/early-screen/kept';
import { showKeptScreen } from '../../lib/early-screen/paint';
import type { Send } from '../../lib/popup/deps';
import { popupOpeningKey } from '../../lib/popup/kept-key';
import type { PopupParams } from '../../lib/popup/params';
import { defaultPrefs } from '../../lib/settings/registry';
import { quote } from '../sidepanel/fixtures';

const now = Date.now();
const EURUSD = quote('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EUR/USD', bid: 1.08412, offer: 1.08421 });
const EURGBP = quote('CS.D.EURGBP.TODAY.IP', { instrumentName: 'EUR/GBP', bid: 0.85412, offer: 0.85421 });
const snapshot: FirstPaintSnapshot = {
  quotes: {
    [EURUSD.epic]: { value: EURUSD, fetchedAt: now },
    [EURGBP.epic]: { value: EURGBP, fetchedAt: now },
  },
  search: { key: 'eur', value: [EURUSD, EURGBP], fetchedAt: now },
  lists: null,
  watchlist: null,
};
const local = {
  recentLookups: [{ epic: EURUSD.epic, instrumentName: 'EUR/USD', at: 1 }],
  recentLookups$: { v: 2 },
  prefs: { ...defaultPrefs, theme: 'dark' },
  prefs$: { v: 2 },
};
const silent = (() => new Promise(() => {})) as unknown as Send;
const deps = { send: silent, connectLive: () => null, openOptions: vi.fn(), openSidePanel: vi.fn() };

function newPage(): HTMLElement {
  document.body.innerHTML = '';
  resetKept();
  const app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
  return app;
}

const rowsIn = (root: ParentNode) =>
  [...root.querySelectorAll('[data-testid="popup-result"] .row__title')].map((t) => t.textContent);

/** Renders the popup and waits for its rows; records every moment (each batch of DOM changes) as it goes. */
async function openPopup(app: HTMLElement, params: PopupParams) {
  const moments: { kept: boolean; shown: boolean; rows: number }[] = [];
  const observer = new MutationObserver(() =>
    moments.push({
      kept: document.getElementById(FIRST_SCREEN_ID) !== null,
      shown: !app.hidden,
      rows: rowsIn(app).length,
    }),
  );
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  render(<App deps={deps} params={params} />, app);
  // Rows come when the page's reads do: a condition (a loaded machine can take over a second), bounded for a hang.
  await vi.waitFor(() => expect(rowsIn(app).length).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
  // The moments just after the rows: a later change would show here (nothing must change after the swap).
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return moments;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(CACHE_STORES.map((s) => clear(cacheStore(s))));
  await fakeBrowser.storage.session.set({ firstPaint: snapshot });
  await fakeBrowser.storage.local.set(local);
});
afterEach(() => {
  for (const app of document.querySelectorAll('#app')) render(null, app);
  cleanup();
});

describe("the popup's kept screen", () => {
  it('shows the results the popup last rendered at once, then hands over with the same markup', async () => {
    const params = { q: 'EUR', epic: null };
    const first = newPage();
    await openPopup(first, params);
    expect(rowsIn(first)).toEqual(['EUR/USD', 'EUR/GBP']);
    render(null, first);
    const session = await fakeBrowser.storage.session.get(null);
    expect((session['popupScreen.results'] as { key: string }).key).toBe('results:EUR');

    const app = newPage();
    expect(showKeptScreen('popup', popupOpeningKey(params, '', true), session, local, app)).toBe(true);
    const shown = document.getElementById(FIRST_SCREEN_ID)!;
    expect(rowsIn(shown)).toEqual(['EUR/USD', 'EUR/GBP']);
    expect(shown.textContent).toContain('1.08412');
    expect((shown.querySelector('input') as HTMLInputElement).value).toBe('EUR');
    const keptMarkup = shown.innerHTML;

    const moments = await openPopup(app, params);
    // Never the kept screen and the popup at once, never neither: the swap comes with the popup's rows.
    for (const m of moments) expect(m.kept !== m.shown).toBe(true);
    for (const m of moments.filter((m) => m.shown)) expect(m.rows).toBe(2);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(app.hidden).toBe(false);
    expect(keptHtml(app)).toBe(keptMarkup);
  });

  it('is not shown for a market, another search, or offline', async () => {
    await openPopup(newPage(), { q: 'EUR', epic: null });
    const session = await fakeBrowser.storage.session.get(null);
    const show = (params: PopupParams, last: string, online = true) =>
      showKeptScreen('popup', popupOpeningKey(params, last, online), session, local, newPage());
    expect(show({ q: null, epic: EURUSD.epic }, 'EUR')).toBe(false);
    expect(show({ q: 'GBP', epic: null }, '')).toBe(false);
    expect(show({ q: null, epic: null }, '')).toBe(false);
    expect(show({ q: 'EUR', epic: null }, '', false)).toBe(false);
    // A plain opening restores the last search: the same screen.
    expect(show({ q: null, epic: null }, 'EUR')).toBe(true);
  });
});
