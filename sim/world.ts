import type { SimClock } from './clock';
import { emptyHistory, recordOpeningDeposits, type SimHistory } from './history/record';
import { MaintenanceSchedule } from './maintenance';
import { tickStart } from './prices/series';
import { type MarketOverride, type Quote, quote } from './prices/snapshot';
import { h32, Rng } from './random';
import type {
  Account,
  Application,
  CostQuote,
  Position,
  RecentDeal,
  StoredConfirm,
  Watchlist,
  WorkingOrder,
} from './state';
import { TokenStore, type TokenTtls } from './tokens';
import { Universe } from './universe/index';
import type { Market } from './universe/types';

export interface Credentials {
  apiKey: string;
  identifier: string;
  password: string;
  /** A second login of the same client whose password must be sent encrypted (IG's Singapore rule, reference §1.6). */
  encryptedIdentifier: string;
}

export interface WorldOptions {
  seed: number;
  clock: SimClock;
  startMs: number;
  ttl: TokenTtls;
  rateLimits: boolean;
  /** Weekly historical-data allowance in price points. */
  historicalAllowance: number;
}

const SYSTEM_LISTS: [string, string, string[]][] = [
  [
    'Popular Markets',
    'Popular Markets',
    [
      'IX.D.FTSE.DAILY.IP',
      'IX.D.DAX.DAILY.IP',
      'IX.D.DOW.DAILY.IP',
      'IX.D.SPTRD.DAILY.IP',
      'CS.D.EURUSD.MINI.IP',
      'CS.D.GBPUSD.MINI.IP',
      'CS.D.USDJPY.MINI.IP',
      'CS.D.CFDGOLD.CFDGC.IP',
      'CC.D.LCO.UNC.IP',
      'CS.D.BITCOIN.CFD.IP',
    ],
  ],
  [
    'Major Indices',
    'Major Indices',
    [
      'IX.D.FTSE.DAILY.IP',
      'IX.D.DAX.DAILY.IP',
      'IX.D.CAC.DAILY.IP',
      'IX.D.DOW.DAILY.IP',
      'IX.D.SPTRD.DAILY.IP',
      'IX.D.NASDAQ.DAILY.IP',
      'IX.D.NIKKEI.DAILY.IP',
      'IX.D.HANGSENG.DAILY.IP',
    ],
  ],
  [
    'Major FX',
    'Major FX',
    [
      'CS.D.EURUSD.MINI.IP',
      'CS.D.GBPUSD.MINI.IP',
      'CS.D.USDJPY.MINI.IP',
      'CS.D.AUDUSD.MINI.IP',
      'CS.D.USDCAD.MINI.IP',
      'CS.D.USDCHF.MINI.IP',
      'CS.D.EURGBP.MINI.IP',
    ],
  ],
  [
    'Major Commodities',
    'Major Commodities',
    [
      'CS.D.CFDGOLD.CFDGC.IP',
      'CS.D.CFDSILVER.CFDSI.IP',
      'CC.D.LCO.UNC.IP',
      'CC.D.CL.UNC.IP',
      'CC.D.NG.UNC.IP',
      'MT.D.HG.Month1.IP',
    ],
  ],
  [
    'Major Shares',
    'Major Shares',
    [
      'KA.D.VOD.CASH.IP',
      'KA.D.BARC.CASH.IP',
      'KA.D.HSBA.CASH.IP',
      'UA.D.AAPL.CASH.IP',
      'UA.D.MSFT.CASH.IP',
      'UA.D.TSLA.CASH.IP',
      'ED.D.SAPGY.CASH.IP',
    ],
  ],
];

/** The whole simulated world: universe, accounts, sessions and every mutable record. `reset()` restores the seed. */
export class World {
  readonly seed: number;
  readonly clock: SimClock;
  readonly universe: Universe;
  readonly credentials: Credentials;
  readonly clientId: string;
  readonly rateLimitsEnabled: boolean;
  private readonly ttl: TokenTtls;
  private readonly historicalAllowance: number;

  tokens!: TokenStore;
  rng!: Rng;
  accounts!: Account[];
  watchlists!: Watchlist[];
  positions!: Position[];
  workingOrders!: WorkingOrder[];
  confirms!: Map<string, StoredConfirm>;
  costQuotes!: CostQuote[];
  applications!: Application[];
  recentDeals!: RecentDeal[];
  overrides!: Map<string, MarketOverride>;
  /** Weekly historical-data allowance per account. */
  allowances!: Map<string, { windowStart: number; used: number }>;
  nextWatchlistId!: number;
  /** The account's activity and transactions (GET /history/…), from the opening deposit on. */
  history!: SimHistory;
  /** Every session token issued since the service started (resets included), for secret scans. */
  readonly issuedTokens: string[] = [];
  /** Weekend maintenance windows: as one opens, every token dies. */
  readonly maintenance = new MaintenanceSchedule(() => this.tokens.killAll());
  /** How a v3 login answers: IG's OAuth shape, or (as seen on live) the v2 shape with CST/X-SECURITY-TOKEN headers. */
  v3LoginShape: 'oauth' | 'v2' = 'oauth';

  constructor(opts: WorldOptions) {
    this.seed = opts.seed;
    this.clock = opts.clock;
    this.ttl = opts.ttl;
    this.historicalAllowance = opts.historicalAllowance;
    this.rateLimitsEnabled = opts.rateLimits;
    this.universe = new Universe(opts.seed, opts.startMs);
    const tag = h32(opts.seed, 0x4b1d).toString(16).padStart(8, '0');
    this.credentials = {
      apiKey: `sim-apikey-${opts.seed}-${tag}${h32(opts.seed, 0xfeed).toString(16).padStart(8, '0')}`,
      identifier: 'simtrader',
      password: `sim-pass-${opts.seed}-Q7xw`,
      encryptedIdentifier: 'simtrader-sg',
    };
    this.clientId = `10${String(h32(opts.seed, 7) % 10_000_000).padStart(7, '0')}`;
    this.reset();
  }

  now(): number {
    return this.clock.now();
  }

  reset(): void {
    this.tokens = new TokenStore(this.seed, this.ttl, this.issuedTokens);
    this.rng = new Rng(h32(this.seed, 0xdea1));
    this.accounts = [
      {
        accountId: 'SIMCFD1',
        accountName: 'Demo-CFD',
        accountType: 'CFD',
        currency: 'EUR',
        balance: 10000,
        preferred: true,
      },
      {
        accountId: 'SIMSPB1',
        accountName: 'Demo-SpreadBet',
        accountType: 'SPREADBET',
        currency: 'GBP',
        // Another figure than the CFD account's, so one account's funds are never mistaken for the other's.
        balance: 2500,
        preferred: false,
      },
    ];
    this.watchlists = [
      ...SYSTEM_LISTS.map(([id, name, epics], i) => ({
        id,
        name,
        editable: false,
        deleteable: false,
        defaultSystemWatchlist: i === 0,
        epics: [...epics],
      })),
      {
        id: '7064176',
        name: 'Recently Traded',
        editable: false,
        deleteable: false,
        defaultSystemWatchlist: false,
        epics: [],
      },
      {
        id: '7064175',
        name: 'My Watchlist',
        editable: true,
        deleteable: false,
        defaultSystemWatchlist: false,
        epics: ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP', 'KA.D.VOD.CASH.IP'],
      },
    ];
    this.nextWatchlistId = 7666270;
    this.positions = [];
    this.workingOrders = [];
    this.confirms = new Map();
    this.costQuotes = [];
    this.recentDeals = [];
    this.overrides = new Map();
    this.allowances = new Map();
    this.history = emptyHistory();
    recordOpeningDeposits(this, this.clock.now());
    this.applications = [
      {
        name: 'marketside-sim',
        apiKey: this.credentials.apiKey,
        status: 'ENABLED',
        allowanceApplicationOverall: 60,
        allowanceAccountTrading: 100,
        allowanceAccountOverall: 30,
        allowanceAccountHistoricalData: this.historicalAllowance,
        concurrentSubscriptionsLimit: 40,
        allowEquities: false,
        allowQuoteOrders: false,
        createdDate: '2024-01-15',
      },
      {
        name: 'old-spreadsheet',
        apiKey: `sim-apikey-${this.seed}-retired00000000`,
        status: 'DISABLED',
        allowanceApplicationOverall: 60,
        allowanceAccountTrading: 100,
        allowanceAccountOverall: 30,
        allowanceAccountHistoricalData: this.historicalAllowance,
        concurrentSubscriptionsLimit: 40,
        allowEquities: false,
        allowQuoteOrders: false,
        createdDate: '2019-06-02',
      },
    ];
  }

  account(accountId: string): Account | undefined {
    return this.accounts.find((a) => a.accountId === accountId);
  }

  market(epic: string): Market | undefined {
    return this.universe.get(epic);
  }

  private readonly quoteMemo = new Map<string, { tick: number; override: MarketOverride | undefined; q: Quote }>();

  /** The live quote; a pure function of the market's tick (250–1000 ms) and its override, so memoised per tick. */
  quote(m: Market, now = this.now()): Quote {
    const tick = tickStart(m, now);
    const override = this.overrides.get(m.epic);
    const hit = this.quoteMemo.get(m.epic);
    if (hit && hit.tick === tick && hit.override === override) return hit.q;
    const q = quote(m, now, override);
    this.quoteMemo.set(m.epic, { tick, override, q });
    return q;
  }

  instrumentName(m: Market): string {
    return this.overrides.get(m.epic)?.instrumentName ?? m.name;
  }

  /** A new id such as a dealId ("DIAAAA…") or a generated deal reference. */
  newId(prefix: string, length = 15): string {
    return prefix + this.rng.chars(length - prefix.length);
  }

  application(apiKey: string): Application | undefined {
    return this.applications.find((a) => a.apiKey === apiKey);
  }
}
