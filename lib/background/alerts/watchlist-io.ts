// watchlists.export and watchlists.import. An import never applies part of a file silently: every epic
// in it ends up in exactly one list of the report (added, duplicates, unknown, failed), and when the
// service stops answering midway the report says which were added and which were not.
import { i18n } from '#i18n';
import { ValidationError } from '../../api/errors';
import { exportFilename } from '../../csv/filename';
import type { ParsedEpics } from '../../csv/import';
import type { ErrorView, ExportRow, ImportReport } from '../../messages/contract';
import type { MarketQuote } from '../../model';
import type { HandlerContext, Handlers } from '../handlers/table';
import { toErrorView } from '../routing/error-view';

/** At most this many markets in one import (each costs a request on an existing watchlist). */
export const MAX_IMPORT = 200;
export const VERIFY_BATCH = 50;

type Lookup = (epics: string[]) => Promise<MarketQuote[]>;

/** Errors that concern one epic; anything else (offline, rate limit, signed out) stops the import. */
const PER_EPIC_ERRORS = new Set(['bad-request', 'not-found', 'validation']);

/**
 * Which epics the service knows, asked in batches of ≤ 50. A batch the service refuses outright
 * (an unknown epic can fail a whole `markets.list`) is split in halves until the culprits are alone.
 */
export async function verifyEpics(
  epics: readonly string[],
  lookup: Lookup,
): Promise<{ known: Map<string, MarketQuote>; unknown: string[] }> {
  const known = new Map<string, MarketQuote>();
  const unknown: string[] = [];
  async function check(batch: string[]): Promise<void> {
    let quotes: MarketQuote[];
    try {
      quotes = await lookup(batch);
    } catch (err) {
      if (!PER_EPIC_ERRORS.has(toErrorView(err).kind)) throw err;
      if (batch.length === 1) {
        unknown.push(...batch);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await check(batch.slice(0, half));
      await check(batch.slice(half));
      return;
    }
    const byEpic = new Map(quotes.map((q) => [q.epic.toUpperCase(), q]));
    for (const epic of batch) {
      const q = byEpic.get(epic.toUpperCase());
      if (q) known.set(epic.toUpperCase(), q);
      else unknown.push(epic);
    }
  }
  for (let i = 0; i < epics.length; i += VERIFY_BATCH) await check(epics.slice(i, i + VERIFY_BATCH));
  return { known, unknown };
}

/** Why one market was not added, in the page's words, with IG's code beside them when IG sent one. */
function failureMessage(view: ErrorView): string {
  const reason = view.code ? `${view.message} (${view.code})` : view.message;
  return view.kind === 'timeout' ? i18n.t('lastWords.mayHaveBeenAdded', { reason }) : reason;
}

async function addOneByOne(ctx: HandlerContext, id: string, epics: string[], report: ImportReport): Promise<void> {
  for (let i = 0; i < epics.length; i++) {
    const epic = epics[i] as string;
    try {
      await ctx.markets.addToWatchlist(id, epic);
      report.added.push(epic);
    } catch (err) {
      const view = toErrorView(err);
      report.failed.push({ epic, message: failureMessage(view) });
      if (!PER_EPIC_ERRORS.has(view.kind)) {
        for (const rest of epics.slice(i + 1)) {
          report.failed.push({ epic: rest, message: i18n.t('workerError.importStopped', { reason: view.message }) });
        }
        return;
      }
    }
  }
}

export async function importIntoWatchlist(
  request: { target: { id: string } | { name: string } } & ParsedEpics,
  ctx: HandlerContext,
): Promise<ImportReport> {
  const parsed = request;
  if (parsed.epics.length === 0 && parsed.invalid.length === 0) {
    throw new ValidationError('text', i18n.t('workerError.noEpics'));
  }
  const report: ImportReport = { watchlistId: '', added: [], duplicates: [], unknown: [...parsed.invalid], failed: [] };
  const duplicates = new Set(parsed.duplicates);

  let candidates = parsed.epics;
  if (candidates.length > MAX_IMPORT) {
    for (const epic of candidates.slice(MAX_IMPORT)) {
      report.failed.push({ epic, message: i18n.t('workerError.importLimit', { max: String(MAX_IMPORT) }) });
    }
    candidates = candidates.slice(0, MAX_IMPORT);
  }

  if ('id' in request.target) {
    const list = (await ctx.markets.watchlist(request.target.id, { maxAgeMs: 0 })).value;
    if (!list.summary.editable) {
      throw new ValidationError('target', i18n.t('workerError.watchlistLocked', { name: list.summary.name }));
    }
    report.watchlistId = list.summary.id;
    const members = new Set(list.epics.map((e) => e.toUpperCase()));
    for (const epic of candidates) if (members.has(epic)) duplicates.add(epic);
    candidates = candidates.filter((e) => !members.has(e));
  }
  report.duplicates = [...duplicates];

  const { known, unknown } = await verifyEpics(candidates, async (batch) =>
    (await ctx.markets.quotes(batch)).map((f) => f.value),
  );
  report.unknown.push(...unknown);
  const toAdd = candidates.filter((e) => known.has(e)).map((e) => (known.get(e) as MarketQuote).epic);
  if (toAdd.length === 0) return report;

  if ('id' in request.target) {
    await addOneByOne(ctx, report.watchlistId, toAdd, report);
    return report;
  }

  // A new watchlist is created with its markets in one request; reading it back tells which IG took.
  const created = await ctx.markets.createWatchlist(request.target.name, toAdd);
  report.watchlistId = created.id;
  let members: Set<string> | null = null;
  try {
    members = new Set((await ctx.markets.watchlist(created.id, { maxAgeMs: 0 })).value.epics);
  } catch {
    members = null;
  }
  for (const epic of toAdd) {
    if (!members || members.has(epic)) report.added.push(epic);
    else report.failed.push({ epic, message: i18n.t('lastWords.notAddedToNew') });
  }
  return report;
}

export async function exportWatchlist(
  request: { id: string },
  ctx: HandlerContext,
): Promise<{ filename: string; rows: ExportRow[] }> {
  const list = (await ctx.markets.watchlist(request.id)).value;
  const epics = list.epics.length > 0 ? list.epics : list.markets.map((m) => m.epic);
  const latest = await ctx.markets.quotes(epics).catch(() => []);
  const byEpic = new Map<string, MarketQuote>(list.markets.map((m) => [m.epic, m]));
  for (const q of latest) byEpic.set(q.value.epic, q.value);
  const rows: ExportRow[] = epics.map((epic) => {
    const m = byEpic.get(epic);
    return {
      epic,
      instrumentName: m?.instrumentName ?? '',
      bid: m?.bid ?? null,
      offer: m?.offer ?? null,
      netChange: m?.netChange ?? null,
      percentageChange: m?.percentageChange ?? null,
      decimalPlacesFactor: m?.decimalPlacesFactor ?? null,
    };
  });
  return { filename: exportFilename(list.summary.name, new Date(ctx.now())), rows };
}

export const watchlistFileHandlers: Pick<Handlers, 'watchlists.import' | 'watchlists.export'> = {
  'watchlists.import': importIntoWatchlist,
  'watchlists.export': exportWatchlist,
};
