// Each message's reply. Part of the one message contract (lib/messages/contract.ts re-exports it).
import type { ListAlert } from '../alerts/list-rules';
import type { HistoryActivity, HistoryTransaction } from '../history/types';
import type {
  AccountSummary,
  AlertRule,
  Candle,
  CategorySummary,
  DealOutcome,
  Fresh,
  FundsView,
  HistoricalAllowance,
  LockView,
  MarketFacts,
  MarketQuote,
  PermitView,
  PositionView,
  Sentiment,
  SentimentPoint,
  WatchlistSummary,
  WorkingOrderView,
} from '../model';
import type {
  ApplicationView,
  ConnectionView,
  CostsQuote,
  ExportRow,
  ImportReport,
  QuoteHistoryItem,
  RepeatWindowView,
  SettingsImportView,
  StatusView,
  VaultView,
  WatchlistView,
} from './views';

export interface Replies {
  'status.get': StatusView;
  /** `instance` names this run of the worker (absent from a worker left from a build before it had one). */
  'build.get': { version: string; instance?: string };
  'connection.get': ConnectionView;
  'connection.save': ConnectionView;
  'connection.check': { account: AccountSummary; accounts: AccountSummary[] };
  'connection.forget': null;
  'session.switchAccount': StatusView;
  'session.logout': null;
  'account.funds': FundsView;
  'vault.unlock': VaultView;
  'vault.setPin': VaultView;
  'markets.search': Fresh<MarketQuote[]>;
  'markets.quotes': Fresh<MarketQuote>[];
  'markets.facts': Fresh<MarketFacts>;
  'prices.history': { candles: Candle[]; allowance: HistoricalAllowance | null; requestedPoints: number };
  'sentiment.get': Fresh<Sentiment>[];
  'sentiment.related': Fresh<Sentiment[]>;
  'sentiment.history': SentimentPoint[];
  'categories.list': Fresh<CategorySummary[]>;
  'categories.instruments': { instruments: MarketQuote[]; page: number; pageSize: number; hasMore: boolean };
  'recent.add': null;
  'watchlists.list': Fresh<WatchlistSummary[]>;
  'watchlists.get': Fresh<WatchlistView>;
  'watchlists.create': WatchlistSummary;
  'watchlists.delete': null;
  'watchlists.addMarket': WatchlistView;
  'watchlists.removeMarket': WatchlistView;
  'watchlists.import': ImportReport;
  'watchlists.export': { filename: string; rows: ExportRow[] };
  'accountHistory.activity': { activities: HistoryActivity[]; hasMore: boolean; fetchedAt: number };
  'accountHistory.transactions': { transactions: HistoryTransaction[]; fetchedAt: number };
  'badge.pin': null;
  'alerts.list': AlertRule[];
  'alerts.create': AlertRule;
  'alerts.delete': null;
  'alerts.rearm': AlertRule;
  'listAlerts.list': ListAlert[];
  'listAlerts.save': ListAlert;
  'listAlerts.delete': null;
  'permit.get': PermitView[];
  'permit.grant': PermitView;
  'permit.revoke': null;
  'deal.quoteOpen': CostsQuote;
  'deal.open': DealOutcome;
  'deal.durableMedium': { contentType: string; base64: string };
  'deal.quoteHistory': QuoteHistoryItem[];
  'deal.repeatWindow': RepeatWindowView | null;
  'positions.list': PositionView[];
  'positions.amend': DealOutcome;
  'positions.quoteClose': CostsQuote;
  'positions.close': DealOutcome;
  'workingOrders.list': WorkingOrderView[];
  'workingOrders.create': DealOutcome;
  'workingOrders.amend': DealOutcome;
  'workingOrders.delete': DealOutcome;
  'lock.get': LockView | null;
  'lock.reconcile': { settled: boolean; outcome: DealOutcome | null; lock: LockView | null };
  'applications.list': ApplicationView[];
  'applications.update': ApplicationView;
  'applications.disable': null;
  'settings.export': { filename: string; json: string };
  'settings.import': SettingsImportView;
}
