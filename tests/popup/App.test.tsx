// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { clear, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../entrypoints/popup/App';
import { CACHE_STORES, cacheStore } from '../../lib/cache/stores';
import type { MessageName, Replies, Reply, RequestOf, StatusView } from '../../lib/messages/contract';
import type { MarketQuote, Sentiment } from '../../lib/model';
import type { PopupDeps, Send } from '../../lib/popup/deps';
import { lastSeenSentiment } from '../../lib/popup/last-seen';
import { recentLookups, watchlistMarks } from '../../lib/settings/registry';

function quote(epic: string, name: string, patch: Partial<MarketQuote> = {}): MarketQuote {
  return {
    epic,
    instrumentName: name,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    bid: 1.0841,
    offer: 1.0842,
    high: 1.09,
    low: 1.08,
    netChange: 0.0012,
    percentageChange: 0.11,
    marketStatus: 'TRADEABLE',
    updatedAt: null,
    ...patch,
  };
}

const EURUSD = quote('CS.D.EURUSD.TODAY.IP', 'EUR/USD', { marketId: 'EURUSD' });
const EURGBP = quote('CS.D.EURGBP.TODAY.IP', 'EUR/GBP', {
  netChange: -0.002,
  percentageChange: -0.23,
  marketStatus: 'CLOSED',
});
const FTSE = quote('IX.D.FTSE.DAILY.IP', 'FTSE 100', { bid: 8120.5, offer: 8121.5, marketStatus: 'SUSPENDED' });

const signedIn: StatusView = {
  state: 'signed-in',
  environment: 'custom',
  account: null,
  accounts: [],
  permits: [],
  lock: null,
  budget: { buckets: [], historical: null, throttled: null },
  pinnedEpic: null,
  lastError: null,
  vault: { state: 'none', triesLeft: 5, notice: null },
  stream: { mode: 'off', reason: null, savedPerMinute: 0 },
};

type Handlers = { [N in MessageName]?: (req: RequestOf<N>) => Reply<Replies[N]> | Promise<Reply<Replies[N]>> };

function fakeSend(handlers: Handlers) {
  const calls: { name: MessageName; req: unknown }[] = [];
  const send = ((name: MessageName, req: unknown) => {
    calls.push({ name, req });
    const handler = handlers[name] as ((r: unknown) => unknown) | undefined;
    // Messages a test does not answer stay unanswered, like a background that is still busy.
    return handler ? Promise.resolve(handler(req)) : new Promise(() => {});
  }) as Send;
  return { send, calls, named: (n: MessageName) => calls.filter((c) => c.name === n).map((c) => c.req) };
}

function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}

const now = () => Date.now();

function setup(handlers: Handlers, params: { q?: string; epic?: string } = {}) {
  const fake = fakeSend({ 'status.get': () => ok(signedIn), ...handlers });
  const deps: PopupDeps = {
    send: fake.send,
    connectLive: () => null,
    openOptions: vi.fn(),
    openSidePanel: vi.fn(() => Promise.resolve()),
  };
  render(<App deps={deps} params={{ q: params.q ?? null, epic: params.epic ?? null }} />);
  return { ...fake, deps, input: screen.getByRole('combobox', { name: 'Search markets' }) as HTMLInputElement };
}

const searchReply = (quotes: MarketQuote[]) => () => ok({ value: quotes, fetchedAt: now(), stale: false });
const marketReplies: Handlers = { 'markets.quotes': () => ok([{ value: EURGBP, fetchedAt: now(), stale: false }]) };

beforeEach(async () => {
  fakeBrowser.reset();
  for (const store of CACHE_STORES) await clear(cacheStore(store));
});
afterEach(() => {
  cleanup();
});

describe('popup search', () => {
  it('has the search box focused on open', () => {
    const { input } = setup({});
    expect(document.activeElement).toBe(input);
  });

  it('lists matching markets with name, epic, prices, change by direction and a visible status', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD, EURGBP, FTSE]) });
    fireEvent.input(input, { target: { value: 'eur' } });
    const rows = await screen.findAllByTestId('popup-result');
    expect(named('markets.search')).toEqual([{ term: 'eur' }]);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('EUR/USD');
    expect(rows[0]?.textContent).toContain('CS.D.EURUSD.TODAY.IP');
    expect(rows[0]?.textContent).toContain('1.0841');
    expect(rows[0]?.textContent).toContain('1.0842');
    expect(rows[0]!.querySelector('.change')?.classList.contains('up')).toBe(true);
    expect(rows[1]!.querySelector('.change')?.classList.contains('down')).toBe(true);
    expect(rows[1]?.textContent).toContain('Closed');
    expect(rows[2]?.textContent).toContain('Suspended');
    expect(rows[0]?.textContent).not.toContain('Open');
  });

  it('waits for two characters before searching', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD]) });
    fireEvent.input(input, { target: { value: 'e' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(named('markets.search')).toEqual([]);
    expect(screen.queryAllByTestId('popup-result')).toHaveLength(0);
  });

  it('says so when nothing matches', async () => {
    const { input } = setup({ 'markets.search': searchReply([]) });
    fireEvent.input(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('No markets match “zzzz”.')).toBeTruthy();
  });

  it('shows cached results marked stale before the background answers', async () => {
    await set('eur', { value: [EURUSD], fetchedAt: now() - 3600_000, lastUsed: now() }, cacheStore('search'));
    const { input } = setup({});
    fireEvent.input(input, { target: { value: 'EUR' } });
    const row = await screen.findByTestId('popup-result');
    expect(row?.textContent).toContain('EUR/USD');
    expect(within(row).getByText('1 h ago')?.classList.contains('stale')).toBe(true);
  });
});

describe('popup keyboard', () => {
  it('moves with the arrows, opens with Enter, goes back with Escape and clears with a second Escape', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD, EURGBP]) });
    fireEvent.input(input, { target: { value: 'eur' } });
    await screen.findAllByTestId('popup-result');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(input?.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'EUR/USD' })).toBeTruthy();
    expect(named('recent.add')).toEqual([{ epic: 'CS.D.EURUSD.TODAY.IP' }]);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('heading', { level: 1, name: 'EUR/USD' })).toBeNull();
    expect(screen.getAllByTestId('popup-result')).toHaveLength(2);
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    expect(screen.queryAllByTestId('popup-result')).toHaveLength(0);
  });

  it('gives the search box the focus again when the popup window gains it with nothing focused (Firefox shows its panel after the page focused the box)', () => {
    const { input } = setup({});
    input.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.focus(window);
    expect(document.activeElement).toBe(input);
    // Focus the user put elsewhere stays there.
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    fireEvent.focus(window);
    expect(document.activeElement).toBe(other);
    other.remove();
  });

  it('focuses the search with "/"', async () => {
    const { input } = setup({});
    input.blur();
    expect(document.activeElement).not.toBe(input);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(input);
  });

  it('opens a market by click', async () => {
    const { input } = setup({ 'markets.search': searchReply([EURUSD, EURGBP]) });
    fireEvent.input(input, { target: { value: 'eur' } });
    const rows = await screen.findAllByTestId('popup-result');
    fireEvent.click(rows[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'EUR/GBP' })).toBeTruthy();
  });
});

describe('popup first paint and recent lookups', () => {
  it('paints recent lookups with their cached price before any request returns', async () => {
    await recentLookups.setValue([{ epic: EURUSD.epic, instrumentName: 'EUR/USD', at: 1 }]);
    await set(
      EURUSD.epic,
      { value: EURUSD, fetchedAt: now(), lastUsed: now(), trail: [], trailAt: 0 },
      cacheStore('snapshots'),
    );
    const { calls } = setup({});
    const row = await screen.findByTestId('popup-result');
    expect(screen.getByRole('listbox', { name: 'Recent lookups' })).toBeTruthy();
    expect(row?.textContent).toContain('EUR/USD');
    expect(row?.textContent).toContain('1.0841');
    // The background was asked but has not answered (the fake never answers markets.quotes here).
    await waitFor(() => expect(calls.some((c) => c.name === 'markets.quotes')).toBe(true));
  });

  it('does not ask for recent prices when it opens on a search', async () => {
    await recentLookups.setValue([{ epic: EURUSD.epic, instrumentName: 'EUR/USD', at: 1 }]);
    const { named } = setup({ 'markets.search': searchReply([EURGBP]) }, { q: 'EUR/GBP' });
    expect(await screen.findByTestId('popup-result')).toBeTruthy();
    expect(named('markets.quotes')).toEqual([]);
  });

  it('suggests what to type when there is nothing recent', async () => {
    setup({});
    expect(await screen.findByText(/Type at least two letters/)).toBeTruthy();
  });
});

describe('popup states', () => {
  it('signed out: says so and offers the settings', async () => {
    const { deps } = setup({ 'status.get': () => ok({ ...signedIn, state: 'signed-out' }) });
    expect(await screen.findByText('Not connected to IG')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(deps.openOptions).toHaveBeenCalledOnce();
  });

  it('service error: shows the service message and tries again', async () => {
    let fail = true;
    const { input, named } = setup({
      'markets.search': () =>
        fail
          ? { ok: false, error: { kind: 'service', message: 'The service is unavailable', code: 'error.service.down' } }
          : ok({ value: [EURUSD], fetchedAt: now(), stale: false }),
    });
    fireEvent.input(input, { target: { value: 'eur' } });
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('Something went wrong');
    expect(alert?.textContent).toContain('The service is unavailable');
    expect(alert?.textContent).toContain('error.service.down');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('popup-result');
    expect(named('markets.search')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a background that does not answer: says so', async () => {
    setup({
      'status.get': () => ({ ok: false, error: { kind: 'internal', message: 'The background did not answer' } }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The background did not answer');
  });

  it('rate limited: says it is slowing down and when it retries', async () => {
    const { input } = setup({
      'markets.search': () => ({
        ok: false,
        error: { kind: 'rate-limited', message: 'API allowance reached', retryAfterMs: 12_000 },
      }),
    });
    fireEvent.input(input, { target: { value: 'eur' } });
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('Slowing down to stay within your API allowance');
    expect(alert?.textContent).toContain('Retrying in 12 s');
  });

  it('offline: says so when the browser goes offline', async () => {
    setup({});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    expect(await screen.findByText('You appear to be offline')).toBeTruthy();
    onLine.mockRestore();
  });

  it('loading: says it is searching while the first answer is out', async () => {
    const { input } = setup({});
    fireEvent.input(input, { target: { value: 'eur' } });
    expect(await screen.findByText('Searching…')).toBeTruthy();
    expect(screen.getByRole('combobox').closest('.search')?.getAttribute('aria-busy')).toBe('true');
  });
});

describe('popup colour flags', () => {
  it('shows the flag the watchlists gave a market in the results and in its view, and follows a change', async () => {
    await watchlistMarks.setValue({ flags: { [EURGBP.epic]: 'green' }, notes: {}, lists: {} });
    const { input } = setup({ 'markets.search': searchReply([EURUSD, EURGBP]), ...marketReplies });
    fireEvent.input(input, { target: { value: 'eur' } });
    const rows = await screen.findAllByTestId('popup-result');
    expect(await within(rows[1]!).findByRole('img', { name: 'Green flag' })).toBeTruthy();
    expect(within(rows[0]!).queryByRole('img', { name: /flag$/ })).toBeNull();
    await watchlistMarks.setValue({ flags: { [EURGBP.epic]: 'green', [EURUSD.epic]: 'red' }, notes: {}, lists: {} });
    expect(await within(rows[0]!).findByRole('img', { name: 'Red flag' })).toBeTruthy();
    fireEvent.click(rows[1]!);
    const view = await screen.findByTestId('popup-market');
    expect(await within(view).findByRole('img', { name: 'Green flag' })).toBeTruthy();
  });
});

describe('popup market view', () => {
  const sentiment: Sentiment = { marketId: 'EURUSD', longPositionPercentage: 64, shortPositionPercentage: 36 };
  const marketHandlers: Handlers = {
    'markets.quotes': () => ok([{ value: EURUSD, fetchedAt: now(), stale: false }]),
    'sentiment.get': () => ok([{ value: sentiment, fetchedAt: now(), stale: false }]),
    'sentiment.related': () =>
      ok({
        value: [{ marketId: 'GBPUSD', longPositionPercentage: 30, shortPositionPercentage: 70 }],
        fetchedAt: now(),
        stale: false,
      }),
    'watchlists.list': () =>
      ok({
        value: [
          { id: 'popular', name: 'Popular Markets', editable: false, deleteable: false, defaultSystemWatchlist: true },
          { id: 'wl-1', name: 'My FX', editable: true, deleteable: true, defaultSystemWatchlist: false },
        ],
        fetchedAt: now(),
        stale: false,
      }),
  };

  it('opens straight from ?epic= with prices, spread, sentiment since last seen and related markets', async () => {
    await lastSeenSentiment.setValue({ EURUSD: { long: 60, at: 1 } });
    const { named } = setup(marketHandlers, { epic: EURUSD.epic });
    expect(await screen.findByRole('heading', { level: 1, name: 'EUR/USD' })).toBeTruthy();
    const prices = document.querySelector('.market__prices')!;
    expect(prices?.textContent).toContain('Bid1.0841');
    expect(prices?.textContent).toContain('Offer1.0842');
    expect(prices?.textContent).toContain('Spread0.0001');
    expect(prices?.textContent).toContain('High1.0900');
    expect(prices?.textContent).toContain('Low1.0800');
    expect(await screen.findByRole('img', { name: 'Clients 64% long, 36% short' })).toBeTruthy();
    expect(await screen.findByText('+4.00 pts')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Clients 30% long, 70% short' })).toBeTruthy();
    await waitFor(async () => expect((await lastSeenSentiment.getValue()).EURUSD?.long).toBe(64));
    expect(named('recent.add')).toEqual([{ epic: EURUSD.epic }]);
  });

  it('adds the market to a chosen watchlist, and to a new one created inline', async () => {
    const { named } = setup(
      {
        ...marketHandlers,
        'watchlists.addMarket': (req) =>
          ok({
            summary: { id: req.id, name: 'My FX', editable: true, deleteable: true, defaultSystemWatchlist: false },
            epics: [req.epic],
            markets: [],
          }),
        'watchlists.create': (req) =>
          ok({ id: 'wl-2', name: req.name, editable: true, deleteable: true, defaultSystemWatchlist: false }),
      },
      { epic: EURUSD.epic },
    );
    const select = (await screen.findByRole('combobox', { name: 'Watchlist' })) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('wl-1'));
    expect(within(select).queryByText('Popular Markets')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    expect(await screen.findByText('Added EUR/USD to My FX')).toBeTruthy();
    expect(named('watchlists.addMarket')).toEqual([{ id: 'wl-1', epic: EURUSD.epic }]);

    fireEvent.change(select, { target: { value: '__new__' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'New watchlist name' }), { target: { value: 'Majors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    expect(await screen.findByText('Added EUR/USD to new watchlist Majors')).toBeTruthy();
    expect(named('watchlists.create')).toEqual([{ name: 'Majors', epics: [EURUSD.epic] }]);
  });

  it('pins the market to the toolbar badge and opens it in the side panel', async () => {
    const { named, deps } = setup({ ...marketHandlers, 'badge.pin': () => ok(null) }, { epic: EURUSD.epic });
    fireEvent.click(await screen.findByRole('button', { name: 'Pin to toolbar' }));
    expect(await screen.findByRole('button', { name: 'Unpin from toolbar' })).toBeTruthy();
    expect(named('badge.pin')).toEqual([{ epic: EURUSD.epic }]);
    fireEvent.click(screen.getByRole('button', { name: 'Open in side panel' }));
    expect(deps.openSidePanel).toHaveBeenCalledWith(EURUSD.epic);
  });

  it('keeps a pin clicked before the stored pin was read', async () => {
    const { get } = fakeBrowser.storage.local;
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(async (keys) => {
      if (keys === 'pinnedEpic') await held;
      return get(keys as string);
    });
    setup({ ...marketHandlers, 'badge.pin': () => ok(null) }, { epic: EURUSD.epic });
    fireEvent.click(await screen.findByRole('button', { name: 'Pin to toolbar' }));
    expect(await screen.findByRole('button', { name: 'Unpin from toolbar' })).toBeTruthy();
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Unpin from toolbar' })).toBeTruthy();
  });

  it('loads the alert form for the market on demand', async () => {
    setup(marketHandlers, { epic: EURUSD.epic });
    const toggle = await screen.findByRole('button', { name: 'Set an alert' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    // The form is a separate chunk, loaded on this first use.
    expect(await screen.findByRole('form', { name: 'Alert for EUR/USD' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('prefills the search from ?q= and searches without waiting', async () => {
    const { input, named } = setup({ 'markets.search': searchReply([EURUSD]) }, { q: 'EUR/USD' });
    expect(input.value).toBe('EUR/USD');
    expect(named('markets.search')).toEqual([{ term: 'EUR/USD' }]);
    expect((await screen.findByTestId('popup-result')).textContent).toContain('EUR/USD');
  });
});
