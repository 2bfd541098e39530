// A market-data port over an in-memory universe that records every call, for the service's unit tests.
import type { RateBudgetState } from '../../lib/api/rate-budget';
import type { MarketData, MarketDetailsView } from '../../lib/background/sources/market-data';
import type { Candle, MarketFacts, MarketQuote, Sentiment, WatchlistSummary } from '../../lib/model';

export interface Call {
  op: string;
  args: unknown[];
}

export function epicOf(i: number): string {
  return `CS.D.M${String(i).padStart(4, '0')}.IP`;
}

export function quoteOf(epic: string, bid = 100): MarketQuote {
  return {
    epic,
    instrumentName: `Market ${epic}`,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    bid,
    offer: bid + 1,
    high: bid + 5,
    low: bid - 5,
    netChange: 1,
    percentageChange: 0.5,
    marketStatus: 'TRADEABLE',
    updatedAt: null,
    marketId: `ID${epic.slice(6, 10)}`,
  };
}

export function factsOf(epic: string): MarketFacts {
  return {
    epic,
    marketId: `ID${epic.slice(6, 10)}`,
    name: `Market ${epic}`,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    currency: 'GBP',
    lotSize: 1,
    marginFactor: 5,
    marginFactorUnit: 'PERCENTAGE',
    valueOfOnePip: '1',
    onePipMeans: '0.0001',
    openingHours: null,
    stopsLimitsAllowed: true,
    controlledRiskAllowed: true,
    dealingRules: {
      minDealSize: { unit: 'POINTS', value: 0.5 },
      minStepDistance: null,
      minNormalStopOrLimitDistance: null,
      minControlledRiskStopDistance: null,
      maxStopOrLimitDistance: null,
      marketOrderPreference: null,
      trailingStopsPreference: null,
    },
  };
}

const idle = { limit: 60, used: 0, remaining: 60, resetInMs: 0 };

export class FakeMarketData implements MarketData {
  readonly calls: Call[] = [];
  bid = 100;
  /** Resolves pending calls only when released, to hold requests in flight. */
  gate: Promise<void> | null = null;
  failNext: Error | null = null;
  readonly lists = new Map<string, { summary: WatchlistSummary; epics: string[] }>();
  budgetState: RateBudgetState = {
    trading: idle,
    nonTrading: idle,
    app: idle,
    historical: { limit: 10_000, used: 0, remaining: 10_000, resetAt: null },
    waiting: 0,
    inUse: false,
  };

  private async enter(op: string, ...args: unknown[]) {
    this.calls.push({ op, args });
    if (this.gate) await this.gate;
    if (this.failNext) {
      const err = this.failNext;
      this.failNext = null;
      throw err;
    }
  }

  count(op: string): number {
    return this.calls.filter((c) => c.op === op).length;
  }

  async search(term: string) {
    await this.enter('search', term);
    return [quoteOf(epicOf(1), this.bid), quoteOf(epicOf(2), this.bid)];
  }
  async markets(epics: string[]): Promise<MarketDetailsView[]> {
    await this.enter('markets', epics);
    if (epics.length > 50) throw new Error('too many epics');
    // Market details carry IG's precision; search, watchlist and category replies do not.
    return epics
      .filter((e) => !e.includes('NONE'))
      .map((e) => ({
        quote: { ...quoteOf(e, this.bid), decimalPlacesFactor: 1 },
        facts: { ...factsOf(e), decimalPlacesFactor: 1 },
      }));
  }
  async sentiment(marketIds: string[]): Promise<Sentiment[]> {
    await this.enter('sentiment', marketIds);
    return marketIds.map((id) => ({ marketId: id, longPositionPercentage: 60, shortPositionPercentage: 40 }));
  }
  async related(marketId: string) {
    await this.enter('related', marketId);
    return [{ marketId: 'OTHER', longPositionPercentage: 30, shortPositionPercentage: 70 }];
  }
  async prices(epic: string, resolution: string, from: number, to: number) {
    await this.enter('prices', epic, resolution, from, to);
    const step = 3600_000;
    const candles: Candle[] = [];
    for (let t = from; t < to; t += step) candles.push({ t, open: 1, high: 2, low: 0.5, close: 1.5, volume: null });
    return { candles, allowance: { remainingAllowance: 9000, totalAllowance: 10_000, resetsAt: 0 } };
  }
  async categories() {
    await this.enter('categories');
    return [{ code: 'FX', nonTradeable: false }];
  }
  async categoryInstruments(categoryId: string, page: number, pageSize: number) {
    await this.enter('categoryInstruments', categoryId, page, pageSize);
    return [quoteOf(epicOf(7))];
  }
  async watchlists() {
    await this.enter('watchlists');
    return [...this.lists.values()].map((l) => l.summary);
  }
  async watchlistMarkets(id: string) {
    await this.enter('watchlistMarkets', id);
    const list = this.lists.get(id);
    if (!list) throw new Error('no such watchlist');
    return list.epics.map((e) => ({ ...quoteOf(e, this.bid), marketId: undefined }));
  }
  async createWatchlist(name: string, epics: string[]) {
    await this.enter('createWatchlist', name, epics);
    const id = `W${this.lists.size + 1}`;
    this.lists.set(id, {
      summary: { id, name, editable: true, deleteable: true, defaultSystemWatchlist: false },
      epics: [...epics],
    });
    return id;
  }
  async deleteWatchlist(id: string) {
    await this.enter('deleteWatchlist', id);
    this.lists.delete(id);
  }
  async addMarket(id: string, epic: string) {
    await this.enter('addMarket', id, epic);
    this.lists.get(id)?.epics.push(epic);
  }
  async removeMarket(id: string, epic: string) {
    await this.enter('removeMarket', id, epic);
    const list = this.lists.get(id);
    if (list) list.epics = list.epics.filter((e) => e !== epic);
  }
  budget() {
    return this.budgetState;
  }
}
