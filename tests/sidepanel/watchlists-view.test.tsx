// @vitest-environment happy-dom
// The watchlists view against a scripted background: edits apply only once the service accepted them.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WatchlistView } from '../../lib/messages/contract';
import type { WatchlistSummary } from '../../lib/model';
import { defaultPrefs, type Prefs, watchlistMarks } from '../../lib/settings/registry';
import { LiveLink } from '../../lib/sidepanel/live';
import { background } from '../helpers/scripted-background';
import { quote } from './fixtures';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

/** The markets each cache read of quotes asked for, and what the cache holds. */
const quoteReads = vi.hoisted(() => [] as string[][]);
const stored = vi.hoisted(() => new Map<string, unknown>());

vi.mock('../../lib/cache/read', () => ({
  readWatchlists: async () => null,
  readWatchlist: async () => null,
  readQuotes: async (epics: string[]) => {
    quoteReads.push([...epics]);
    return new Map(epics.filter((e) => stored.has(e)).map((e) => [e, stored.get(e)]));
  },
  readSentiment: async () => new Map(),
  readSparkline: async () => null,
  readSearch: async () => null,
}));

import { PanelContext, type PanelEnv } from '../../components/sidepanel/context';
import { WatchlistsView } from '../../components/sidepanel/WatchlistsView';

const summaries: WatchlistSummary[] = [
  { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false },
  { id: 'SYS', name: 'Popular Markets', editable: false, deleteable: false, defaultSystemWatchlist: true },
];
let members: Record<string, string[]>;

function view(id: string): WatchlistView {
  return {
    summary: summaries.find((s) => s.id === id)!,
    epics: members[id]!,
    markets: members[id]!.map((e) => quote(e, { instrumentName: e.split('.')[2]! })),
  };
}

/** What the background says on the live channel, once a test started the link. */
let fromBackground: ((message: unknown) => void)[] = [];

function renderView(prefs: Partial<Prefs> = {}) {
  let current: Prefs = { ...defaultPrefs, ...prefs };
  fromBackground = [];
  const live = new LiveLink(() => ({
    postMessage() {},
    onMessage: { addListener: (fn: (message: unknown) => void) => void fromBackground.push(fn) },
    onDisconnect: { addListener() {} },
    disconnect() {},
  }));
  const env = (): PanelEnv => ({
    status: null,
    prefs: current,
    updatePrefs: (patch) => {
      current = { ...current, ...patch };
      utils.rerender(<PanelContext.Provider value={env()}>{<WatchlistsView />}</PanelContext.Provider>);
    },
    live,
    navigate: () => {},
    openSettings: () => {},
    dealing: null,
    theme: 'light',
  });
  const utils = render(<PanelContext.Provider value={env()}>{<WatchlistsView />}</PanelContext.Provider>);
  return Object.assign(utils, { live });
}

beforeEach(() => {
  background.calls = [];
  stored.clear();
  quoteReads.length = 0;
  members = { W1: ['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP'], SYS: ['IX.D.DAX.DAILY.IP'] };
  background.handlers = {
    'watchlists.list': () => ({ ok: true, data: { value: summaries, fetchedAt: Date.now(), stale: false } }),
    'watchlists.get': (req) => ({
      ok: true,
      data: { value: view((req as { id: string }).id), fetchedAt: Date.now(), stale: false },
    }),
    'markets.search': () => ({
      ok: true,
      data: {
        value: [quote('CS.D.GBPUSD.TODAY.IP', { instrumentName: 'GBP/USD' })],
        fetchedAt: Date.now(),
        stale: false,
      },
    }),
  };
});
afterEach(cleanup);

const rowEpics = () => screen.queryAllByTestId('panel-row').map((r) => r.dataset.epic);

describe('WatchlistsView', () => {
  it('shows the list read with the page in its very first render, before any answer', () => {
    // The background never answers: only what the page read before rendering can show.
    background.handlers = {};
    const now = Date.now();
    const ready = {
      lists: { value: summaries, fetchedAt: now, stale: false },
      list: { value: view('W1'), fetchedAt: now, stale: false },
    };
    render(
      <PanelContext.Provider
        value={{
          status: null,
          prefs: defaultPrefs,
          updatePrefs: () => {},
          live: new LiveLink(() => ({
            postMessage() {},
            onMessage: { addListener() {} },
            onDisconnect: { addListener() {} },
            disconnect() {},
          })),
          navigate: () => {},
          openSettings: () => {},
          dealing: null,
          theme: 'light',
        }}
      >
        <WatchlistsView first={Promise.resolve(ready)} ready={ready} />
      </PanelContext.Provider>,
    );
    // Synchronously: no promise has settled yet.
    expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']);
  });

  it('lists the chosen watchlist and adds a market the service accepted', async () => {
    background.handlers['watchlists.addMarket'] = (req) => {
      members.W1!.push((req as { epic: string }).epic);
      return { ok: true, data: view('W1') };
    };
    renderView();
    await waitFor(() => expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Add a market to Majors' }), { target: { value: 'gbp' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add GBP/USD to Majors' }));
    await waitFor(() => expect(rowEpics()).toContain('CS.D.GBPUSD.TODAY.IP'));
    expect(background.calls).toContainEqual(['watchlists.addMarket', { id: 'W1', epic: 'CS.D.GBPUSD.TODAY.IP' }]);
  });

  it('paints a streamed price from the values the background sends, with no cache read', async () => {
    const { live } = renderView();
    live.start();
    await waitFor(() => expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']));
    const row = () => screen.getAllByTestId('panel-row')[0] as HTMLElement;
    expect(row().textContent).not.toContain('1.23457');
    const streamed = quote('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EURUSD', bid: 1.23456, offer: 1.23457 });
    for (const deliver of fromBackground)
      deliver({ kind: 'quotes', quotes: [{ quote: streamed, fetchedAt: Date.now() + 1000, trail: [1.2] }] });
    await waitFor(() => expect(row().textContent).toContain('1.23457'));
  });

  it('reads back from the cache only the written markets the stream did not deliver since', async () => {
    const { live } = renderView();
    live.start();
    await waitFor(() => expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']));
    const streamed = quote('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EURUSD', bid: 1.23456, offer: 1.23457 });
    const say = (message: unknown) => {
      for (const deliver of fromBackground) deliver(message);
    };
    say({ kind: 'quotes', quotes: [{ quote: streamed, fetchedAt: Date.now() + 1000, trail: [1.2] }] });
    await waitFor(() => expect(screen.getAllByTestId('panel-row')[0]!.textContent).toContain('1.23457'));
    quoteReads.length = 0;
    // The background writes what it streamed (and a polled market) to the cache, then says so.
    say({ kind: 'changed', store: 'snapshots', keys: ['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP'] });
    await waitFor(() => expect(quoteReads).toHaveLength(1));
    expect(quoteReads[0]).toEqual(['IX.D.FTSE.DAILY.IP']);
    // Written again with nothing streamed since: read back once its next quote failed to come within a second.
    say({ kind: 'changed', store: 'snapshots', keys: ['CS.D.EURUSD.TODAY.IP'] });
    await waitFor(() => expect(quoteReads).toHaveLength(2), { timeout: 3_000 });
    expect(quoteReads[1]).toEqual(['CS.D.EURUSD.TODAY.IP']);
  });

  it('streaming a market, its writes announced after its quotes read nothing back; a polled one at most once a second', async () => {
    const { live } = renderView();
    live.start();
    await waitFor(() => expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']));
    const say = (message: unknown) => {
      for (const deliver of fromBackground) deliver(message);
    };
    quoteReads.length = 0;
    for (let i = 0; i < 20; i++) {
      const streamed = quote('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EURUSD', bid: 1.2 + i / 1e4, offer: 1.3 });
      say({ kind: 'quotes', quotes: [{ quote: streamed, fetchedAt: Date.now() + 1000 + i, trail: [1.2] }] });
      await new Promise((r) => setTimeout(r, 5));
      // Written twice (a write that ends while the next is queued): both announced before the next quote.
      say({ kind: 'changed', store: 'snapshots', keys: ['CS.D.EURUSD.TODAY.IP'] });
      say({ kind: 'changed', store: 'snapshots', keys: ['CS.D.EURUSD.TODAY.IP'] });
      await new Promise((r) => setTimeout(r, 2));
    }
    say({
      kind: 'quotes',
      quotes: [{ quote: quote('CS.D.EURUSD.TODAY.IP'), fetchedAt: Date.now() + 2000, trail: [] }],
    });
    // A market the stream does not carry, written after, twice: its reads (the second a second after the first,
    // when any read of the streamed market would have been due) are the only ones.
    say({ kind: 'changed', store: 'snapshots', keys: ['IX.D.FTSE.DAILY.IP'] });
    await waitFor(() => expect(quoteReads).toHaveLength(1), { timeout: 3_000 });
    say({ kind: 'changed', store: 'snapshots', keys: ['IX.D.FTSE.DAILY.IP'] });
    say({ kind: 'changed', store: 'snapshots', keys: ['IX.D.FTSE.DAILY.IP'] });
    await waitFor(() => expect(quoteReads.flat().filter((e) => e === 'IX.D.FTSE.DAILY.IP')).toHaveLength(2), {
      timeout: 3_000,
    });
    expect(quoteReads).toEqual([['IX.D.FTSE.DAILY.IP'], ['IX.D.FTSE.DAILY.IP']]);
  });

  it('a stored row that really changed (a market written elsewhere) is drawn again', async () => {
    const { live } = renderView();
    live.start();
    await waitFor(() => expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']));
    const ftse = () => screen.getAllByTestId('panel-row')[1] as HTMLElement;
    expect(ftse().textContent).not.toContain('8,123.4');
    stored.set('IX.D.FTSE.DAILY.IP', {
      value: quote('IX.D.FTSE.DAILY.IP', {
        instrumentName: 'FTSE',
        bid: 8123.4,
        offer: 8124.4,
        decimalPlacesFactor: 1,
      }),
      fetchedAt: Date.now() + 1000,
      stale: false,
    });
    for (const deliver of fromBackground)
      deliver({ kind: 'changed', store: 'snapshots', keys: ['IX.D.FTSE.DAILY.IP'] });
    await waitFor(() => expect(ftse().textContent).toContain('8,123.4'));
  });

  it('keeps the list exactly as it was when adding fails, and says why', async () => {
    background.handlers['watchlists.addMarket'] = () => ({
      ok: false,
      error: { kind: 'service', message: 'IG does not know that market.', code: 'error.watchlists.epic.invalid' },
    });
    renderView();
    await waitFor(() => expect(rowEpics()).toHaveLength(2));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Add a market to Majors' }), { target: { value: 'gbp' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add GBP/USD to Majors' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('IG does not know that market.');
    expect(alert.textContent).toContain('error.watchlists.epic.invalid');
    expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']);
  });

  it('keeps a market whose removal failed', async () => {
    background.handlers['watchlists.removeMarket'] = () => ({
      ok: false,
      error: { kind: 'offline', message: 'No connection.' },
    });
    renderView();
    await waitFor(() => expect(rowEpics()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove FTSE from Majors' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No connection.');
    expect(rowEpics()).toEqual(['CS.D.EURUSD.TODAY.IP', 'IX.D.FTSE.DAILY.IP']);
  });

  it('keeps the typed name when creating fails on a duplicate', async () => {
    background.handlers['watchlists.create'] = () => ({
      ok: false,
      error: {
        kind: 'service',
        message: 'A watchlist with that name already exists.',
        code: 'error.watchlists.duplicate-name',
      },
    });
    renderView();
    await waitFor(() => expect(rowEpics()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    const name = screen.getByRole('textbox', { name: 'New watchlist name' }) as HTMLInputElement;
    fireEvent.input(name, { target: { value: 'Majors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already exists');
    expect((screen.getByRole('textbox', { name: 'New watchlist name' }) as HTMLInputElement).value).toBe('Majors');
  });

  it('offers no edits on a system list', async () => {
    renderView({ selectedWatchlistId: 'SYS' });
    await waitFor(() => expect(rowEpics()).toEqual(['IX.D.DAX.DAILY.IP']));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('deletes a user list only after confirmation, and keeps it when the service refuses', async () => {
    background.handlers['watchlists.delete'] = () => ({
      ok: false,
      error: { kind: 'service', message: 'This watchlist cannot be deleted.', code: 'error.watchlists.cannot-delete' },
    });
    renderView();
    await waitFor(() => expect(rowEpics()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(background.calls.some(([n]) => n === 'watchlists.delete')).toBe(false);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Majors' }));
    await waitFor(() => expect(screen.getByText('This watchlist cannot be deleted.')).toBeTruthy());
    expect((screen.getByRole('combobox', { name: 'Watchlist' }) as HTMLSelectElement).value).toBe('W1');
    expect(rowEpics()).toHaveLength(2);
  });
});

describe('sections when the list changes on IG', () => {
  it('a market removed on IG leaves its section quietly: the section stays, nothing is asked of IG', async () => {
    const [eur, ftse] = members.W1 as [string, string];
    await watchlistMarks.setValue({
      flags: {},
      notes: {},
      lists: { W1: { columns: null, sections: [{ id: 's1', name: 'Majors', epics: [eur, ftse] }] } },
    });
    members.W1 = [eur];
    renderView({ selectedWatchlistId: 'W1' });
    await waitFor(() => expect(rowEpics()).toEqual([eur]));
    await waitFor(async () =>
      expect((await watchlistMarks.getValue()).lists.W1?.sections).toEqual([
        { id: 's1', name: 'Majors', epics: [eur] },
      ]),
    );
    expect(document.querySelector('.wl-section')?.textContent).toContain('Majors');
    expect(
      background.calls.map(([name]) => name).filter((n) => n.startsWith('watchlists.') && !/list|get/.test(n)),
    ).toEqual([]);
  });
});
