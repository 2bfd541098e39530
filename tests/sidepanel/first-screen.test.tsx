// @vitest-environment happy-dom
// The side panel's early screen (lib/sidepanel/first-screen.ts) paints what the panel's first render shows
// from the same stored data, with the same markup: the same snapshot rendered through the panel
// (entrypoints/sidepanel/App.tsx, as main.tsx renders it) and through the early screen gives the same DOM
// (tags, attributes, classes, text, order, form state). It paints nothing when the panel would show
// something else first; when it painted, the panel's own screen replaces it once its rows are in.
import { Virtualizer } from '@tanstack/virtual-core';
import { cleanup, render, waitFor } from '@testing-library/preact';
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
import type { MarketQuote, WatchlistSummary } from '../../lib/model';
import { defaultPrefs, type Prefs } from '../../lib/settings/prefs';
import { readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { paintPanelFirstScreen, panelFirstScreen, panelScreenElements } from '../../lib/sidepanel/first-screen';
import { LiveLink } from '../../lib/sidepanel/live';
import { firstRenderRows, HEAD_HEIGHT, OVERSCAN } from '../../lib/sidepanel/table-layout';
import { domShape } from '../helpers/dom-shape';
import { quote } from './fixtures';

const HOSTILE = '<img src=x onerror="globalThis.pwned=1">Gold & "Silver"';
const now = Date.now();
const HOUR = 3_600_000;

const lists: WatchlistSummary[] = [
  { id: 'SYS', name: 'Popular Markets', editable: false, deleteable: false, defaultSystemWatchlist: true },
  { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false },
  { id: 'W2', name: 'Indices', editable: true, deleteable: false, defaultSystemWatchlist: false },
];

const statuses = ['TRADEABLE', 'CLOSED', 'EDITS_ONLY', 'ON_AUCTION', 'SUSPENDED'] as const;

/** 30 markets (more than the table's first render holds) of every magnitude, sign, gap and state. */
const markets: MarketQuote[] = Array.from({ length: 30 }, (_, i) => {
  const base = [1.08412, 8120.5, 152.345, 0.6543, 23.91][i % 5]!;
  const sign = i % 3 === 0 ? 1 : i % 3 === 1 ? -1 : 0;
  return quote(`CS.D.M${String(i).padStart(2, '0')}.CFD.IP`, {
    instrumentName: `Market ${String.fromCharCode(90 - (i % 26))}${i}`,
    bid: i === 7 ? null : base * (1 + i / 100),
    offer: i === 7 ? null : base * (1 + i / 100) + base / 5000,
    netChange: i === 11 ? null : (sign * base) / 300,
    percentageChange: i === 11 ? null : sign * (i / 7),
    marketStatus: statuses[i % statuses.length],
    marketId: `M${i}`,
  });
});

function snapshot(
  id: string,
  quotes: MarketQuote[] = markets,
  patch: Partial<FirstPaintSnapshot> = {},
  listAge = 0,
): FirstPaintSnapshot {
  return {
    quotes: Object.fromEntries(quotes.map((q) => [q.epic, { value: q, fetchedAt: now }])),
    search: null,
    lists: { value: lists, fetchedAt: now },
    watchlist: {
      value: { summary: lists.find((l) => l.id === id)!, epics: quotes.map((q) => q.epic) },
      fetchedAt: now - listAge,
    },
    ...patch,
  };
}

function localWith(prefs: Partial<Prefs>) {
  return { prefs: { ...defaultPrefs, ...prefs }, prefs$: { v: 2 } };
}

const silentPort = () => ({
  postMessage() {},
  onMessage: { addListener() {} },
  onDisconnect: { addListener() {} },
  disconnect() {},
});

async function store(session: Record<string, unknown>, local: Record<string, unknown>) {
  await fakeBrowser.storage.session.set(session);
  await fakeBrowser.storage.local.set(local);
}

/** The panel as main.tsx renders it once its first-paint reads are in. */
async function panelShape(session: Record<string, unknown>, local: Record<string, unknown>, rows: number) {
  await store(session, local);
  const first = readPanelFirstPaint();
  const ready = await first;
  const { container } = render(<App live={new LiveLink(silentPort)} first={first} ready={ready} />);
  await waitFor(() => expect(container.querySelectorAll('[data-testid="panel-row"]')).toHaveLength(rows));
  // The cache reads its first render starts (sparklines, sentiment: none here) settle.
  await new Promise((r) => setTimeout(r, 30));
  return [...container.childNodes].map(domShape);
}

function early(session: Record<string, unknown>, local: Record<string, unknown>) {
  const screen = panelFirstScreen(session, local, Date.now(), true);
  expect(screen).not.toBeNull();
  const elements = panelScreenElements(screen!);
  const rows = elements[1]!.querySelectorAll('[data-testid="panel-row"]').length;
  return { shape: elements.map(domShape), rows, elements };
}

beforeEach(() => {
  fakeBrowser.reset();
  document.body.innerHTML = '';
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  cleanup();
  delete (globalThis as Record<string, unknown>).__marketsideEarlyRead;
});

describe('the side panel’s early screen', () => {
  it('is the panel’s own first screen of the chosen watchlist, row for row (default layout)', async () => {
    const session = { firstPaint: snapshot('W1') };
    const local = localWith({ selectedWatchlistId: 'W1' });
    const painted = early(session, local);
    // The virtualised table's first render: not every row.
    expect(painted.rows).toBeGreaterThan(10);
    expect(painted.rows).toBeLessThan(markets.length);
    const text = JSON.stringify(painted.shape);
    for (const bit of [
      'wl-th--name',
      'translateY(96px)',
      '--wl-bid',
      'Remove Market',
      'sparkline',
      'Delete',
      'status-tag--closed',
    ])
      expect(text).toContain(bit);
    expect(await panelShape(session, local, painted.rows)).toEqual(painted.shape);
  });

  it('is the panel’s own first screen of the compact layout (no sparklines) of a system list, stale', async () => {
    const session = { firstPaint: snapshot('SYS', markets, {}, HOUR), sidepanelRoute: { view: 'watchlists', at: 5 } };
    const local = localWith({ sparklines: false, selectedWatchlistId: 'SYS', theme: 'dark' });
    const painted = early(session, local);
    const text = JSON.stringify(painted.shape);
    expect(text).toContain('wl-compact');
    expect(text).toContain('1 h ago');
    expect(text).not.toContain('sparkline');
    expect(text).not.toContain('Remove Market');
    expect(text).not.toContain('Add a market');
    expect(await panelShape(session, local, painted.rows)).toEqual(painted.shape);
  });

  it('shows the list the panel picks when none was chosen: the first editable one', async () => {
    const session = { firstPaint: snapshot('W1') };
    const painted = early(session, {});
    expect(painted.elements[1]!.querySelector('select')?.value).toBe('W1');
    expect(await panelShape(session, {}, painted.rows)).toEqual(painted.shape);
  });

  it('is the panel’s own first screen of a sorted list', async () => {
    for (const sort of [
      { column: 'changePct', direction: 'desc' },
      { column: 'offer', direction: 'asc' },
      { column: 'name', direction: 'desc' },
    ] as const) {
      cleanup();
      fakeBrowser.reset();
      const session = { firstPaint: snapshot('W2') };
      const local = localWith({ selectedWatchlistId: 'W2', sort });
      const painted = early(session, local);
      expect(JSON.stringify(painted.shape)).toContain(`wl-sort--active`);
      expect(await panelShape(session, local, painted.rows)).toEqual(painted.shape);
    }
  });

  it('is the panel’s own first screen of a short list with hostile names, and shows them as text', async () => {
    const hostile = [
      quote('CS.D.GOLD.CFD.IP', { instrumentName: HOSTILE, bid: 2301.25, offer: 2301.75, netChange: 3.5 }),
      quote('CS.D.EVIL.CFD.IP', { instrumentName: '<script>globalThis.pwned=2</script>', bid: null, offer: null }),
    ];
    const named = lists.map((l) => (l.id === 'W1' ? { ...l, name: `<b onmouseover=x>${l.name}</b>` } : l));
    const session = {
      firstPaint: {
        ...snapshot('W1', hostile),
        lists: { value: named, fetchedAt: now },
        watchlist: { value: { summary: named[1]!, epics: hostile.map((q) => q.epic) }, fetchedAt: now },
      },
    };
    const local = localWith({ selectedWatchlistId: 'W1' });
    const painted = early(session, local);
    expect(painted.rows).toBe(2);
    for (const node of painted.elements) {
      expect(node.querySelector('img, script, b')).toBeNull();
    }
    expect(painted.elements[1]!.querySelector('.wl-name button')?.textContent).toBe(HOSTILE);
    expect(painted.elements[1]!.querySelector('option[value="W1"]')?.textContent).toBe('<b onmouseover=x>Majors</b>');
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
    expect(await panelShape(session, local, 2)).toEqual(painted.shape);
  });

  it('paints nothing when the panel would first show something else', () => {
    const local = localWith({ selectedWatchlistId: 'W1' });
    const session = { firstPaint: snapshot('W1') };
    const none = (s: Record<string, unknown>, l: Record<string, unknown> = local, online = true) =>
      panelFirstScreen(s, l, now, online);
    expect(none(session)).not.toBeNull();
    // Another view; a route it cannot read (the panel shows the watchlists then, but it need not paint).
    for (const route of [
      { view: 'market', epic: 'CS.D.EURUSD.TODAY.IP' },
      { view: 'browse' },
      { view: 'positions' },
      { view: 'alerts' },
      'watchlists',
    ])
      expect(none({ ...session, sidepanelRoute: route })).toBeNull();
    expect(none({ ...session, sidepanelRoute: null })).not.toBeNull();
    // No snapshot, or not one; no lists in it; another list in it (the panel reads IndexedDB for this one).
    expect(none({})).toBeNull();
    expect(none({ firstPaint: 'garbage' })).toBeNull();
    expect(none({ firstPaint: { ...snapshot('W1'), quotes: null } })).toBeNull();
    expect(none({ firstPaint: snapshot('W1', markets, { lists: null }) })).toBeNull();
    expect(none({ firstPaint: snapshot('W1', markets, { watchlist: null }) })).toBeNull();
    expect(none({ firstPaint: snapshot('W2') })).toBeNull();
    expect(none({ firstPaint: snapshot('W1', markets, { lists: { value: [], fetchedAt: now } }) })).toBeNull();
    // An empty list (the panel says so), preferences stored by an older version (the panel migrates them), offline.
    expect(none({ firstPaint: snapshot('W1', []) })).toBeNull();
    expect(none(session, { ...local, prefs$: { v: 1 } })).toBeNull();
    expect(none(session, { prefs: local.prefs })).toBeNull();
    expect(none(session, local, false)).toBeNull();
    // Nothing stored: the defaults (the first editable list).
    expect(none(session, {})?.selected.id).toBe('W1');
  });

  it('when painted, stands in for the panel (hidden, not exposed) until its rows are in, then leaves', async () => {
    const session = { firstPaint: snapshot('W1') };
    const local = localWith({ selectedWatchlistId: 'W1', theme: 'dark' });
    await store(session, local);
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);
    paintPanelFirstScreen(panelFirstScreen(session, local, now, true)!, app);
    expect(app.hidden).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    const shown = document.getElementById(FIRST_SCREEN_ID);
    expect(shown?.hasAttribute('inert')).toBe(true);
    expect(shown?.nextElementSibling).toBe(app);
    const first = readPanelFirstPaint();
    const ready = await first;
    // Preact's own render, outside act(): what a commit does before the browser may paint.
    renderPreact(<App live={new LiveLink(silentPort)} first={first} ready={ready} />, app);
    try {
      // In the same commit as its rows: no frame shows both, or neither.
      expect(app.querySelectorAll('[data-testid="panel-row"]').length).toBeGreaterThan(0);
      expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
      expect(app.hidden).toBe(false);
    } finally {
      renderPreact(null, app);
    }
  });

  it('leaves once the panel has rendered, even when the panel shows something else first', async () => {
    await store({ sidepanelRoute: { view: 'browse' } }, {});
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);
    paintPanelFirstScreen(panelFirstScreen({ firstPaint: snapshot('W1') }, localWith({}), now, true)!, app);
    render(<App live={new LiveLink(silentPort)} first={readPanelFirstPaint()} />, { container: app });
    await waitFor(() => expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull());
    expect(app.hidden).toBe(false);
  });
});

describe('the table’s first render', () => {
  it('holds the rows @tanstack/virtual-core starts with', () => {
    for (const height of [40, 48])
      for (const viewport of [300, 436, 516, 600, 760, 768])
        for (const count of [0, 1, 2, 5, 12, 13, 14, 20, 21, 22, 30, 500]) {
          const virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
            count,
            getScrollElement: () => null,
            estimateSize: () => height,
            overscan: OVERSCAN,
            scrollMargin: HEAD_HEIGHT,
            scrollPaddingStart: HEAD_HEIGHT,
            scrollToFn: () => {},
            observeElementRect: () => {},
            observeElementOffset: () => {},
            initialRect: { width: 0, height: viewport },
          });
          expect([count, height, viewport, firstRenderRows(count, height, viewport)]).toEqual([
            count,
            height,
            viewport,
            virtualizer.getVirtualItems().length,
          ]);
        }
  });
});
