// TRADE updates (OPU: open positions, WOU: working orders) applied to the lists the pages show. Each
// value is a JSON string; one that does not parse, or lacks a deal id, epic or status, changes nothing.
// New rows take their name and prices from the market's cached quote. Pure.
import { moneyProfit, valuePerMove } from '../dealing/profit';
import { parseServiceTime } from '../dealing/views';
import type { MarketQuote, PositionView, WorkingOrderView } from '../model';

type Status = 'OPEN' | 'UPDATED' | 'DELETED';

interface TradeUpdate {
  dealId: string;
  epic: string;
  status: Status;
  fields: Record<string, unknown>;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function parseTrade(json: string | null | undefined): TradeUpdate | null {
  if (!json) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(json);
  } catch {
    return null;
  }
  if (!fields || typeof fields !== 'object') return null;
  const f = fields as Record<string, unknown>;
  const dealId = str(f.dealId);
  const epic = str(f.epic);
  const status = f.status === 'OPEN' || f.status === 'UPDATED' || f.status === 'DELETED' ? f.status : null;
  if (!dealId || !epic || !status || (f.dealStatus !== undefined && f.dealStatus !== 'ACCEPTED')) return null;
  return { dealId, epic, status, fields: f };
}

function upsert<T extends { dealId: string }>(rows: T[], t: TradeUpdate, build: (old: T | undefined) => T | null): T[] {
  const at = rows.findIndex((r) => r.dealId === t.dealId);
  if (t.status === 'DELETED') return at < 0 ? rows : rows.filter((_, i) => i !== at);
  const next = build(at < 0 ? undefined : rows[at]);
  if (!next) return rows;
  return at < 0 ? [...rows, next] : rows.map((r, i) => (i === at ? next : r));
}

interface Shared {
  t: TradeUpdate;
  f: Record<string, unknown>;
  level: number;
  size: number;
  direction: 'BUY' | 'SELL';
  /** The row's name, prices and status: the old row's, the cached quote's, or the epic alone. */
  market: Pick<Row, 'instrumentName' | 'bid' | 'offer' | 'marketStatus'>;
}

/** Parses the update and hands `build` what positions and orders read alike; DELETED removes the row. */
type Row = Pick<
  PositionView,
  'dealId' | 'direction' | 'level' | 'size' | 'instrumentName' | 'bid' | 'offer' | 'marketStatus'
>;

function apply<T extends Row>(
  rows: T[],
  json: string | null,
  quote: MarketQuote | undefined,
  build: (shared: Shared, old: T | undefined) => T,
): T[] {
  const t = parseTrade(json);
  if (!t) return rows;
  const f = t.fields;
  return upsert(rows, t, (old) => {
    const level = num(f.level) ?? old?.level;
    const size = num(f.size) ?? old?.size;
    if (level === undefined || size === undefined) return null;
    const direction = f.direction === 'SELL' ? 'SELL' : f.direction === 'BUY' ? 'BUY' : (old?.direction ?? 'BUY');
    const market = {
      instrumentName: old?.instrumentName ?? quote?.instrumentName ?? t.epic,
      bid: quote?.bid ?? old?.bid ?? null,
      offer: quote?.offer ?? old?.offer ?? null,
      marketStatus: quote?.marketStatus ?? old?.marketStatus ?? 'UNKNOWN',
    };
    return build({ t, f, level, size, direction, market }, old);
  });
}

/** What values a position in money, beside the OPU: the account's type and the market's cached contract size. */
export interface MoneyFacts {
  accountType: string | null;
  contractSize?: number | null | undefined;
}

/**
 * An OPU carries no contract size or scaling factor. A known row keeps the value its REST read gave; a new
 * one takes another row's of the same market, else the cached market's (contract size for a CFD, the quote's
 * scaling factor for a spread bet), else has no money figure until the next GET /positions.
 */
export function applyOpu(
  rows: PositionView[],
  json: string | null,
  quote?: MarketQuote,
  money?: MoneyFacts,
): PositionView[] {
  return apply(rows, json, quote, ({ t, f, level, size, direction, market }, old) => {
    const row: PositionView = {
      dealId: t.dealId,
      dealReference: str(f.dealReference) ?? old?.dealReference ?? null,
      epic: t.epic,
      direction,
      size,
      level,
      currency: str(f.currency) ?? old?.currency ?? '',
      stopLevel: 'stopLevel' in f ? num(f.stopLevel) : (old?.stopLevel ?? null),
      limitLevel: 'limitLevel' in f ? num(f.limitLevel) : (old?.limitLevel ?? null),
      createdAt: old?.createdAt ?? parseServiceTime(str(f.timestamp)),
      ...market,
      valuePerMove:
        old?.valuePerMove ??
        rows.find((r) => r.epic === t.epic && r.valuePerMove !== null)?.valuePerMove ??
        valuePerMove(money?.accountType, money?.contractSize, quote?.scalingFactor),
      profitLoss: null,
    };
    return { ...row, profitLoss: moneyProfit(row, row) };
  });
}

export function applyWou(rows: WorkingOrderView[], json: string | null, quote?: MarketQuote): WorkingOrderView[] {
  return apply(rows, json, quote, ({ t, f, level, size, direction, market }, old) => {
    return {
      dealId: t.dealId,
      epic: t.epic,
      direction,
      orderType: f.orderType === 'STOP' ? 'STOP' : f.orderType === 'LIMIT' ? 'LIMIT' : (old?.orderType ?? 'LIMIT'),
      size,
      level,
      currencyCode: str(f.currency) ?? old?.currencyCode ?? '',
      stopDistance: 'stopDistance' in f ? num(f.stopDistance) : (old?.stopDistance ?? null),
      limitDistance: 'limitDistance' in f ? num(f.limitDistance) : (old?.limitDistance ?? null),
      timeInForce: str(f.timeInForce) ?? old?.timeInForce ?? 'GOOD_TILL_CANCELLED',
      goodTillDate: 'goodTillDate' in f ? str(f.goodTillDate) : (old?.goodTillDate ?? null),
      ...market,
    };
  });
}
