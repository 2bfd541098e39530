// @vitest-environment happy-dom
// The popup's App in its states (signed out, service error, no answer, rate limited, offline, loading), the
// watchlists' colour flags, and a market's own view (prices, sentiment, watchlists, pin, side panel, alerts).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Sentiment } from '../../lib/model';
import { lastSeenSentiment } from '../../lib/popup/last-seen';
import { watchlistMarks } from '../../lib/settings/registry';
import {
  EURGBP,
  EURUSD,
  freshPopupEachTest,
  type Handlers,
  now,
  ok,
  searchReply,
  setup,
  signedIn,
} from './app-fixture';

const marketReplies: Handlers = { 'markets.quotes': () => ok([{ value: EURGBP, fetchedAt: now(), stale: false }]) };

freshPopupEachTest();

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
