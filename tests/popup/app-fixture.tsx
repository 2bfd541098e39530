// What the popup's App tests share (app-search.test.tsx, app-states-market.test.tsx): the markets they show,
// a signed-in status, a fake background that answers only what a test gives it, and the popup rendered on it.
import { cleanup, render, screen } from '@testing-library/preact';
import { clear } from 'idb-keyval';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../entrypoints/popup/App';
import { CACHE_STORES, cacheStore } from '../../lib/cache/stores';
import type { MessageName, Replies, Reply, RequestOf, StatusView } from '../../lib/messages/contract';
import type { MarketQuote } from '../../lib/model';
import type { PopupDeps, Send } from '../../lib/popup/deps';

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

export const EURUSD = quote('CS.D.EURUSD.TODAY.IP', 'EUR/USD', { marketId: 'EURUSD' });
export const EURGBP = quote('CS.D.EURGBP.TODAY.IP', 'EUR/GBP', {
  netChange: -0.002,
  percentageChange: -0.23,
  marketStatus: 'CLOSED',
});
export const FTSE = quote('IX.D.FTSE.DAILY.IP', 'FTSE 100', { bid: 8120.5, offer: 8121.5, marketStatus: 'SUSPENDED' });

export const signedIn: StatusView = {
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

export type Handlers = { [N in MessageName]?: (req: RequestOf<N>) => Reply<Replies[N]> | Promise<Reply<Replies[N]>> };

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

export function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}

export const now = () => Date.now();

export function setup(handlers: Handlers, params: { q?: string; epic?: string } = {}) {
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

export const searchReply = (quotes: MarketQuote[]) => () => ok({ value: quotes, fetchedAt: now(), stale: false });

/** A fresh fake browser and empty caches before each test, and the popup unmounted after it. */
export function freshPopupEachTest() {
  beforeEach(async () => {
    fakeBrowser.reset();
    for (const store of CACHE_STORES) await clear(cacheStore(store));
  });
  afterEach(() => {
    cleanup();
  });
}
