// The market-data port over the typed client: each method one request (markets in the batches the
// caller chose), replies turned into view models. Watchlist edits cross the guard with a 'watchlists'
// permit that the signed-in account holds implicitly.
import type { Client, Guard, Permit } from '../api';
import { createWatchlistEditor } from '../api/guarded';
import type { Sentiment } from '../model';
import { historyOf } from './history-views';
import type { MarketData, MarketDetailsView } from './market-data';
import { factsFromDetails, quoteFromDetails, quoteFromSummary, sentimentView, watchlistSummary } from './views';

/** The signed-in account's implicit watchlist permit: reused while in force, issued when not. */
function watchlistPermit(client: Client, accountId: string, guard: Guard, now: () => number): Permit {
  const need = { scope: 'watchlists' as const, environment: client.environment, accountId };
  const existing = guard.active().find((p) => guard.isValid(p, need));
  if (existing && existing.expiresAt - now() > 60_000) return existing;
  return guard.issue({ scope: 'watchlists', environment: client.environment, accountId });
}

export function igMarketData(
  client: Client,
  guard: Guard,
  accountId: () => Promise<string>,
  now: () => number = Date.now,
): MarketData {
  const editor = async () => {
    const permit = watchlistPermit(client, await accountId(), guard, now);
    return createWatchlistEditor(client, permit, guard).watchlists;
  };
  return {
    async search(term) {
      const reply = await client.markets.search(term);
      const t = now();
      return reply.markets.map((m) => quoteFromSummary(m, t));
    },
    async markets(epics) {
      const reply = await client.markets.list(epics);
      const t = now();
      return reply.marketDetails.map(
        (d): MarketDetailsView => ({ quote: quoteFromDetails(d, t), facts: factsFromDetails(d) }),
      );
    },
    async sentiment(marketIds) {
      const reply = await client.clientSentiment.list(marketIds);
      return reply.clientSentiments.map(sentimentView).filter((s): s is Sentiment => s !== null);
    },
    async related(marketId) {
      const reply = await client.clientSentiment.related(marketId);
      return reply.clientSentiments.map(sentimentView).filter((s): s is Sentiment => s !== null);
    },
    async prices(epic, resolution, from, to) {
      const reply = await client.prices.list(epic, { resolution, from: new Date(from), to: new Date(to), pageSize: 0 });
      return historyOf(reply, now());
    },
    async categories() {
      const reply = await client.categories.list();
      return reply.categories.map((c) => ({ code: c.code, nonTradeable: c.nonTradeable ?? false }));
    },
    async categoryInstruments(categoryId, page, pageSize) {
      // Pages count from 1 in the contract and from 0 at the service.
      const reply = await client.categories.listInstruments(categoryId, { page_number: page - 1, page_size: pageSize });
      const t = now();
      return reply.instruments.map((m) => quoteFromSummary(m, t));
    },
    async watchlists() {
      const reply = await client.watchlists.list();
      return reply.watchlists.map(watchlistSummary);
    },
    async watchlistMarkets(id) {
      const reply = await client.watchlists.get(id);
      const t = now();
      return reply.markets.map((m) => quoteFromSummary(m, t));
    },
    async createWatchlist(name, epics) {
      const reply = await (await editor()).create(name, epics);
      return reply.watchlistId;
    },
    async deleteWatchlist(id) {
      await (await editor()).delete(id);
    },
    async addMarket(id, epic) {
      await (await editor()).addMarket(id, epic);
    },
    async removeMarket(id, epic) {
      await (await editor()).removeMarket(id, epic);
    },
    budget: () => client.budget.state(),
  };
}
