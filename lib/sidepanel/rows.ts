// Watchlist rows: what one row shows, how rows sort, and which rows changed price since the last read.
import { midOf } from '../format';
import type { Fresh, MarketQuote, Sentiment } from '../model';
import { sameQuote, sameTrail } from '../same-quote';
import type { SortColumn } from '../settings/registry';
import { columnValue } from '../watchlists/columns';

export interface RowModel {
  epic: string;
  quote: MarketQuote;
  /** Epoch ms when this row's price was fetched. */
  fetchedAt: number;
  stale: boolean;
  sentiment: Sentiment | null;
}

export interface SortChoice {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

export type Flash = 'up' | 'down';

/** What each market's row was last built from: the same objects again build the same row (not a copy). */
const built = new WeakMap<
  MarketQuote,
  {
    fresh: Fresh<MarketQuote> | undefined;
    felt: Fresh<Sentiment> | undefined;
    listFetchedAt: number;
    listStale: boolean;
    row: RowModel;
  }
>();

/**
 * The rows of a watchlist from its markets, with fresher per-market quotes and sentiment where known. A market
 * whose quote, sentiment and list reading are the objects its row was last built from keeps that row, so a frame
 * of streamed prices builds only the rows of the markets that ticked.
 */
export function buildRows(
  markets: MarketQuote[],
  listFetchedAt: number,
  listStale: boolean,
  quotes: Map<string, Fresh<MarketQuote>>,
  sentiment: Map<string, Fresh<Sentiment>>,
): RowModel[] {
  return markets.map((market) => {
    const fresh = quotes.get(market.epic);
    const newer = fresh && fresh.fetchedAt >= listFetchedAt;
    const id = newer ? (fresh.value.marketId ?? market.marketId) : market.marketId;
    const felt = id ? sentiment.get(id) : undefined;
    const last = built.get(market);
    if (
      last &&
      last.fresh === fresh &&
      last.felt === felt &&
      last.listFetchedAt === listFetchedAt &&
      last.listStale === listStale
    )
      return last.row;
    const base = newer ? { ...fresh.value, marketId: id } : market;
    // IG's precision comes with a market's details: either reading may be the one that has it.
    const precision = base.decimalPlacesFactor ?? fresh?.value.decimalPlacesFactor ?? market.decimalPlacesFactor;
    const quote = precision === base.decimalPlacesFactor ? base : { ...base, decimalPlacesFactor: precision };
    const row = {
      epic: market.epic,
      quote,
      fetchedAt: newer ? fresh.fetchedAt : listFetchedAt,
      stale: newer ? fresh.stale : listStale,
      sentiment: felt?.value ?? null,
    };
    built.set(market, { fresh, felt, listFetchedAt, listStale, row });
    return row;
  });
}

/**
 * The rows as built again, with each row that shows the same as before kept as the same object, so that a
 * frame of streamed prices redraws only the rows whose prices moved.
 */
export function keepRows(previous: readonly RowModel[], next: RowModel[]): RowModel[] {
  if (previous.length === 0) return next;
  const before = new Map(previous.map((r) => [r.epic, r]));
  let kept = 0;
  const rows = next.map((row) => {
    const old = before.get(row.epic);
    const same =
      old &&
      old.fetchedAt === row.fetchedAt &&
      old.stale === row.stale &&
      old.sentiment === row.sentiment &&
      (old.quote === row.quote || sameQuote(old.quote, row.quote));
    if (same) kept++;
    return same ? old : row;
  });
  return kept === next.length && next.length === previous.length && rows.every((r, i) => r === previous[i])
    ? (previous as RowModel[])
    : rows;
}

/** What a row sorts by: the column's value, then its name, then its epic. */
type SortKey = readonly [value: string | number | null, name: string, epic: string];

const keyOf = (row: RowModel, column: SortColumn): SortKey => [
  columnValue(row, column),
  row.quote.instrumentName,
  row.epic,
];

function compareKeys(a: SortKey, b: SortKey, sign: number): number {
  const [va, na, ea] = a;
  const [vb, nb, eb] = b;
  if (va !== vb) {
    if (va === null) return 1;
    if (vb === null) return -1;
    const cmp = typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
    if (cmp !== 0) return cmp * sign;
  }
  const byName = na.localeCompare(nb);
  return byName !== 0 ? byName : ea.localeCompare(eb);
}

/** Sorted copy; rows without a value for the column go last in either direction; ties by name, then epic. */
export function sortRows(rows: RowModel[], sort: SortChoice): RowModel[] {
  return byKeys(rows, new Map(rows.map((r) => [r.epic, keyOf(r, sort.column)])), sort);
}

function byKeys(rows: RowModel[], keys: Map<string, SortKey>, sort: SortChoice): RowModel[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => compareKeys(keys.get(a.epic)!, keys.get(b.epic)!, sign));
}

/** The last sort: its choice, the rows it sorted, their order and each row's key. */
export interface SortedRows {
  sort: SortChoice;
  rows: RowModel[];
  sorted: RowModel[];
  keys: Map<string, SortKey>;
}

const sameKey = (a: SortKey | undefined, b: SortKey) => !!a && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * The rows in the order sortRows gives, from the last sort: a frame of streamed prices that changes no row's
 * sort key (by name, the default, it never does) keeps the order without sorting, and the few rows whose key
 * moved are taken out and put back in their place, rather than all rows sorted again. The same rows and choice
 * give back the same object.
 */
export function sortRowsFrom(last: SortedRows | null, rows: RowModel[], sort: SortChoice): SortedRows {
  if (last && last.rows === rows && last.sort.column === sort.column && last.sort.direction === sort.direction)
    return last;
  const keys = new Map(rows.map((r) => [r.epic, keyOf(r, sort.column)]));
  const sign = sort.direction === 'asc' ? 1 : -1;
  const full = () => ({ sort, rows, keys, sorted: byKeys(rows, keys, sort) });
  if (
    !last ||
    last.sort.column !== sort.column ||
    last.sort.direction !== sort.direction ||
    last.rows.length !== rows.length ||
    keys.size !== rows.length ||
    last.keys.size !== keys.size
  )
    return full();
  const byEpic = new Map(rows.map((r) => [r.epic, r]));
  const moved = new Set<string>();
  for (const [epic, key] of keys) {
    if (!last.keys.has(epic)) return full();
    if (!sameKey(last.keys.get(epic), key)) moved.add(epic);
  }
  // Many rows moved (a column of prices, every row streaming): sorting them all is as quick.
  if (moved.size > Math.max(8, rows.length / 8)) return full();
  const sorted: RowModel[] = [];
  for (const r of last.sorted) if (!moved.has(r.epic)) sorted.push(byEpic.get(r.epic)!);
  for (const epic of moved) {
    const key = keys.get(epic)!;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys(keys.get(sorted[mid]!.epic)!, key, sign) <= 0) lo = mid + 1;
      else hi = mid;
    }
    sorted.splice(lo, 0, byEpic.get(epic)!);
  }
  return { sort, rows, keys, sorted };
}

/** Clicking a column header: a new column sorts ascending (names) or descending (numbers); the same one flips. */
export function nextSort(current: SortChoice, column: SortColumn): SortChoice {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'name' || column === 'status' ? 'asc' : 'desc' };
}

/** Which way a market's mid went when its bid or offer moved between two readings; null when neither moved. */
export function moveOf(old: MarketQuote, quote: MarketQuote): Flash | null {
  if (old.bid === quote.bid && old.offer === quote.offer) return null;
  const from = midOf(old.bid, old.offer);
  const to = midOf(quote.bid, quote.offer);
  if (from === null || to === null) return null;
  return to >= from ? 'up' : 'down';
}

/** Markets whose bid or offer moved between two readings, and which way the mid went. */
export function priceMoves(before: Map<string, MarketQuote>, after: Iterable<MarketQuote>): Map<string, Flash> {
  const moves = new Map<string, Flash>();
  for (const quote of after) {
    const old = before.get(quote.epic);
    const dir = old && moveOf(old, quote);
    if (dir) moves.set(quote.epic, dir);
  }
  return moves;
}

/** The epics and market ids to keep live: the rows on screen plus a margin either side. */
export function watchedSlice(
  rows: RowModel[],
  range: { startIndex: number; endIndex: number } | null,
  margin: number,
): { epics: string[]; marketIds: string[] } {
  if (!range || rows.length === 0) return { epics: [], marketIds: [] };
  const start = Math.max(0, range.startIndex - margin);
  const end = Math.min(rows.length - 1, range.endIndex + margin);
  const slice = rows.slice(start, end + 1);
  const marketIds = new Set<string>();
  for (const row of slice) if (row.quote.marketId) marketIds.add(row.quote.marketId);
  return { epics: slice.map((r) => r.epic), marketIds: [...marketIds] };
}

/**
 * The quotes held after some arrived (streamed, or read from the cache): one older than the quote held is
 * not taken, so a cache read the stream overtook never turns a row back; the same map when nothing changes.
 */
export function mergeQuotes(
  current: Map<string, Fresh<MarketQuote>>,
  incoming: Iterable<readonly [string, Fresh<MarketQuote>]>,
): Map<string, Fresh<MarketQuote>> {
  let next: Map<string, Fresh<MarketQuote>> | null = null;
  for (const [epic, fresh] of incoming) {
    const held = (next ?? current).get(epic);
    if (
      held &&
      (held.fetchedAt > fresh.fetchedAt || (held.stale === fresh.stale && sameQuote(held.value, fresh.value)))
    )
      continue;
    next ??= new Map(current);
    next.set(epic, fresh);
  }
  return next ?? current;
}

/** Sparkline points after some arrived; the same map when none differ. */
export function mergeTrails(
  current: Map<string, (number | null)[]>,
  incoming: Iterable<readonly [string, (number | null)[]]>,
): Map<string, (number | null)[]> {
  let next: Map<string, (number | null)[]> | null = null;
  for (const [epic, trail] of incoming) {
    const held = (next ?? current).get(epic);
    if (held && sameTrail(held, trail)) continue;
    next ??= new Map(current);
    next.set(epic, trail);
  }
  return next ?? current;
}
