import { expiryCode } from '../format';
import { h32, hashString } from '../random';
import { commodityMarkets } from './commodities';
import { cryptoMarkets } from './crypto';
import { currencyMarkets } from './currencies';
import { indexMarkets } from './indices';
import { rateMarkets } from './rates';
import { shareMarkets } from './shares';
import type { Market } from './types';

export interface Category {
  code: string;
  nonTradeable: boolean;
}

export const CATEGORIES: Category[] = [
  { code: 'INDICES', nonTradeable: false },
  { code: 'CURRENCIES', nonTradeable: false },
  { code: 'COMMODITIES', nonTradeable: false },
  { code: 'SHARES', nonTradeable: false },
  { code: 'RATES', nonTradeable: false },
  { code: 'CRYPTOCURRENCIES', nonTradeable: false },
  { code: 'OPTIONS', nonTradeable: true },
];

/** The markets of the simulated world, immutable once built. */
export class Universe {
  readonly markets: Market[];
  private readonly byEpic = new Map<string, Market>();
  private readonly byMarketId = new Map<string, Market[]>();

  constructor(seed: number, startMs: number) {
    const specs = [
      ...currencyMarkets(),
      ...indexMarkets(),
      ...commodityMarkets(startMs, expiryCode),
      ...shareMarkets(),
      ...rateMarkets(startMs, expiryCode),
      ...cryptoMarkets(),
    ];
    // Contracts on the same underlying (same market id) share one price path.
    this.markets = specs.map((s, index) => ({ ...s, index, key: h32(seed, hashString(s.marketId)) }));
    for (const m of this.markets) {
      this.byEpic.set(m.epic, m);
      const list = this.byMarketId.get(m.marketId) ?? [];
      list.push(m);
      this.byMarketId.set(m.marketId, list);
    }
  }

  get(epic: string): Market | undefined {
    return this.byEpic.get(epic);
  }

  hasMarketId(id: string): boolean {
    return this.byMarketId.has(id);
  }

  /** The markets sharing a market id (e.g. the CFD and Mini contracts of EURUSD). */
  byId(id: string): Market[] {
    return this.byMarketId.get(id) ?? [];
  }

  marketIds(): string[] {
    return [...this.byMarketId.keys()];
  }

  inCategory(code: string): Market[] {
    return this.markets.filter((m) => m.category === code);
  }
}
