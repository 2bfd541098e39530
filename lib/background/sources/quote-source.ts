// Market snapshots and details: cached per epic, fetched in batches of at most 50 epics with
// `markets.list`, an epic already being fetched is never asked for twice.
import { i18n } from '#i18n';
import type { CacheEntry, SnapshotEntry } from '../../cache/entry';
import { TRAIL_POINTS, TRAIL_SPACING_MS } from '../../cache/limits';
import type { Fresh, MarketFacts, MarketQuote } from '../../model';
import type { ReadOptions } from '../ports';
import { NotFoundError } from '../routing/errors';
import type { MarketDetailsView } from './market-data';
import { type Need, need, revalidate, type SourceDeps, servedMany, toFresh } from './source-deps';

export const BATCH_SIZE = 50;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function midOf(q: MarketQuote): number | null {
  if (q.bid !== null && q.offer !== null) return (q.bid + q.offer) / 2;
  return q.bid ?? q.offer;
}

/** The quote with what only a market's details tell (its sentiment id, IG's precision) kept from before. */
export function withKnown(quote: MarketQuote, known: MarketQuote | undefined): MarketQuote {
  if (!known) return quote;
  const keepId = quote.marketId === undefined && known.marketId !== undefined;
  const keepPrecision = quote.decimalPlacesFactor === undefined && known.decimalPlacesFactor !== undefined;
  if (!keepId && !keepPrecision) return quote;
  const merged = { ...quote };
  if (keepId) merged.marketId = known.marketId;
  if (keepPrecision) merged.decimalPlacesFactor = known.decimalPlacesFactor;
  return merged;
}

/** The next snapshot entry: the new quote, the trail extended at most once a spacing. */
export function nextSnapshot(
  current: SnapshotEntry | undefined,
  quote: MarketQuote,
  fetchedAt: number,
  now: number,
): SnapshotEntry {
  const merged = withKnown(quote, current?.value);
  let trail = current?.trail ?? [];
  let trailAt = current?.trailAt ?? 0;
  if (fetchedAt - trailAt >= TRAIL_SPACING_MS) {
    trail = [...trail, midOf(quote)].slice(-TRAIL_POINTS);
    trailAt = fetchedAt;
  } else if (trail.length > 0) {
    trail = [...trail.slice(0, -1), midOf(quote)];
  }
  return { value: merged, fetchedAt, lastUsed: now, trail, trailAt };
}

export class QuoteSource {
  constructor(private readonly deps: SourceDeps) {}

  /**
   * Write quotes from any reply (batches, search results, watchlists) into the snapshot store; returns them
   * as stored, with what the cache knew from the markets' details (a search reply has no precision).
   */
  async store(quotes: MarketQuote[], fetchedAt: number): Promise<MarketQuote[]> {
    const byEpic = new Map(quotes.map((q) => [q.epic, q]));
    const stored = new Map<string, MarketQuote>();
    const now = this.deps.now();
    await this.deps.cache.update<MarketQuote, SnapshotEntry>('snapshots', [...byEpic.keys()], (epic, current) => {
      const entry = nextSnapshot(current, byEpic.get(epic) as MarketQuote, fetchedAt, now);
      stored.set(epic, entry.value);
      return entry;
    });
    return quotes.map((q) => stored.get(q.epic) ?? q);
  }

  private async fetchBatch(epics: string[]): Promise<Map<string, Fresh<MarketQuote>>> {
    const data = await this.deps.data();
    const details: MarketDetailsView[] = await data.markets(epics);
    const fetchedAt = this.deps.now();
    await this.store(
      details.map((d) => d.quote),
      fetchedAt,
    );
    await this.deps.cache.putMany(
      'details',
      details.map((d) => ({ key: d.facts.epic, value: d.facts, fetchedAt })),
    );
    return new Map(details.map((d) => [d.quote.epic, { value: d.quote, fetchedAt, stale: false }]));
  }

  /** Fetch these epics now: those already in flight are joined, the rest go in batches of 50. */
  fetch(epics: string[]): Promise<Map<string, Fresh<MarketQuote>>> {
    const { inflight } = this.deps;
    const waits: Promise<[string, Fresh<MarketQuote> | undefined]>[] = [];
    const todo: string[] = [];
    for (const epic of new Set(epics)) {
      const running = inflight.get(`quote:${epic}`) as Promise<Fresh<MarketQuote> | undefined> | undefined;
      if (running) waits.push(running.then((q) => [epic, q]));
      else todo.push(epic);
    }
    for (const batch of chunk(todo, BATCH_SIZE)) {
      const job = this.fetchBatch(batch);
      for (const epic of batch) {
        waits.push(
          inflight
            .hold(
              `quote:${epic}`,
              job.then((m) => m.get(epic)),
            )
            .then((q) => [epic, q]),
        );
      }
    }
    return Promise.all(waits).then((pairs) => {
      const out = new Map<string, Fresh<MarketQuote>>();
      for (const [epic, q] of pairs) if (q) out.set(epic, q);
      return out;
    });
  }

  async quotes(epics: string[], options: ReadOptions = {}): Promise<Fresh<MarketQuote>[]> {
    const unique = [...new Set(epics)];
    const entries = await this.deps.cache.getMany<MarketQuote>('snapshots', unique);
    const now = this.deps.now();
    const streamed = this.deps.streamed?.() ?? new Set<string>();
    const needs = unique.map((epic, i): Need => {
      const entry = entries[i];
      // A quote from a search or a watchlist lacks IG's precision, which only the market's details carry
      // (as do entries cached before it was kept): those details are read now.
      if (entry && entry.value.decimalPlacesFactor === undefined) return 'missing';
      // The stream carries prices, not the market id sentiment needs (a watchlist's rows come without it).
      if (entry && streamed.has(epic) && entry.value.marketId) {
        entries[i] = { ...entry, fetchedAt: now };
        return 'fresh';
      }
      if (entry && streamed.has(epic)) return 'missing';
      return need('snapshots', entry, now, options.maxAgeMs);
    });
    return servedMany(this.deps, 'snapshots', unique, entries, needs, now, (stale) => this.fetch(stale));
  }

  async facts(epic: string): Promise<Fresh<MarketFacts>> {
    const entry = await this.deps.cache.get<MarketFacts>('details', epic);
    const now = this.deps.now();
    const n = need('details', entry, now);
    if (entry && n !== 'missing') {
      if (n === 'stale') revalidate(this.deps, () => this.fetch([epic]));
      return toFresh('details', entry, now);
    }
    await this.fetch([epic]);
    const fetched = (await this.deps.cache.get<MarketFacts>('details', epic)) as CacheEntry<MarketFacts> | undefined;
    if (!fetched) throw new NotFoundError(i18n.t('workerError.noMarket', { epic }));
    return toFresh('details', fetched, this.deps.now());
  }

  /** The cached quotes of these epics, whatever their age; nothing is fetched. */
  async peek(epics: string[]): Promise<Map<string, MarketQuote>> {
    const entries = await this.deps.cache.getMany<MarketQuote>('snapshots', epics);
    const out = new Map<string, MarketQuote>();
    epics.forEach((epic, i) => {
      const entry = entries[i];
      if (entry) out.set(epic, entry.value);
    });
    return out;
  }

  /** A market's cached facts, without asking the service. */
  async peekFacts(epic: string): Promise<MarketFacts | undefined> {
    return (await this.deps.cache.get<MarketFacts>('details', epic))?.value;
  }

  /** Sentiment ids of these epics, from their cached details. */
  async marketIds(epics: string[]): Promise<Map<string, string>> {
    const entries = await this.deps.cache.getMany<MarketFacts>('details', epics);
    const out = new Map<string, string>();
    epics.forEach((epic, i) => {
      const id = entries[i]?.value.marketId;
      if (id) out.set(epic, id);
    });
    return out;
  }
}
