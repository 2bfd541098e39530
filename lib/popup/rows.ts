// The rows the popup lists: search results or recent lookups, with the newest price known for each.
import type { Fresh, MarketQuote } from '../model';
import type { RecentLookup } from '../settings/registry';

export interface RowItem {
  epic: string;
  instrumentName: string;
  quote: MarketQuote | null;
  /** When the prices were fetched; null when there are none. */
  fetchedAt: number | null;
  stale: boolean;
}

type Quotes = ReadonlyMap<string, Fresh<MarketQuote>>;

function pick(epic: string, base: MarketQuote | null, baseAt: number | null, baseStale: boolean, quotes: Quotes) {
  const later = quotes.get(epic);
  if (later && (baseAt === null || later.fetchedAt > baseAt))
    return { quote: later.value, fetchedAt: later.fetchedAt, stale: later.stale };
  // A search result lacks IG's precision, which a quote read from the market's details has.
  const precision = later?.value.decimalPlacesFactor;
  const quote =
    base && base.decimalPlacesFactor === undefined && precision !== undefined
      ? { ...base, decimalPlacesFactor: precision }
      : base;
  return { quote, fetchedAt: baseAt, stale: baseStale };
}

export function resultRows(
  results: MarketQuote[],
  fetchedAt: number | null,
  stale: boolean,
  quotes: Quotes,
): RowItem[] {
  return results.map((r) => ({
    epic: r.epic,
    instrumentName: r.instrumentName,
    ...pick(r.epic, r, fetchedAt, stale, quotes),
  }));
}

export function recentRows(recent: RecentLookup[], quotes: Quotes): RowItem[] {
  return recent.map((r) => {
    const found = pick(r.epic, null, null, false, quotes);
    return { epic: r.epic, instrumentName: found.quote?.instrumentName ?? r.instrumentName, ...found };
  });
}

/** Merges newer quotes into a map, keeping the newest per epic. */
export function mergeQuotes(
  into: ReadonlyMap<string, Fresh<MarketQuote>>,
  more: Iterable<Fresh<MarketQuote>>,
): Map<string, Fresh<MarketQuote>> {
  const out = new Map(into);
  for (const q of more) {
    const known = out.get(q.value.epic);
    if (!known || q.fetchedAt >= known.fetchedAt) out.set(q.value.epic, q);
  }
  return out;
}
