// Checking list alerts. Their markets are the lists' members, re-read now and then (a market added or
// removed on IG's platform joins or leaves the alert at the next read); they ride with what the refresh
// engine and the stream carry, and every streamed or polled batch is checked here.
import {
  checkListAlert,
  type ListAlert,
  type ListReading,
  listNotices,
  type MidSamples,
} from '../../alerts/list-rules';
import { sayList } from '../../alerts/list-say';
import type { Fresh, MarketQuote, Sentiment } from '../../model';
import { listAlerts } from '../../settings/registry';
import type { MarketWatchApi } from '../ports';
import { browserListNotifier, type ListNotifier } from './notify';

/** How old a list's members may be before the next look at the targets reads the list again. */
export const MEMBERS_MAX_AGE_MS = 2 * 60_000;

/** The lists' members as last read, by watchlist id (memory: a restarted worker reads them again). */
const members = new Map<string, Set<string>>();
/** Recent mids per alert, for the window-move condition. */
const samples = new Map<string, MidSamples>();

let queue: Promise<unknown> = Promise.resolve();

export function readListAlerts(): Promise<ListAlert[]> {
  return listAlerts.getValue();
}

/** Runs `change` on the stored list alerts one at a time (a check and a page's edit never overwrite each other). */
export function updateListAlerts<R>(change: (all: ListAlert[]) => { all: ListAlert[]; result: R }): Promise<R> {
  const run = queue.then(async () => {
    const current = await listAlerts.getValue();
    const { all, result } = change(current);
    if (all !== current) await listAlerts.setValue(all);
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Forgets what was read of the lists (tests; a new account). */
export function forgetListMembers(): void {
  members.clear();
  samples.clear();
}

/** The epics of every list with an alert, each list read through the cache (at most MEMBERS_MAX_AGE_MS old). */
export async function listAlertTargets(
  markets: Pick<MarketWatchApi, 'watchlist'>,
): Promise<{ epics: string[]; marketIds: string[] }> {
  const all = await readListAlerts();
  const epics = new Set<string>();
  for (const id of new Set(all.map((a) => a.watchlistId))) {
    try {
      const list = (await markets.watchlist(id, { maxAgeMs: MEMBERS_MAX_AGE_MS })).value;
      const now = new Set(list.epics.length ? list.epics : list.markets.map((m) => m.epic));
      members.set(id, now);
    } catch {
      // Signed out or offline: the members last read keep being watched.
    }
    for (const e of members.get(id) ?? []) epics.add(e);
  }
  return { epics: [...epics], marketIds: [] };
}

export interface ListCheckInput {
  quotes: Iterable<Fresh<MarketQuote>>;
  sentiment?: Iterable<Fresh<Sentiment>>;
  marketIds?: ReadonlyMap<string, string>;
  now?: number;
}

/**
 * Checks every list alert against one batch, stores what changed before notifying (a restart never
 * notifies twice), then shows the notices. Resolves with the firings, by alert id.
 */
export async function checkListAlerts(
  input: ListCheckInput,
  notifier: ListNotifier = browserListNotifier,
): Promise<Map<string, ListAlert>> {
  const now = input.now ?? Date.now();
  const sentiment = new Map<string, Fresh<Sentiment>>();
  for (const s of input.sentiment ?? []) sentiment.set(s.value.marketId, s);
  const readings: ListReading[] = [];
  for (const q of input.quotes) {
    const id = q.value.marketId ?? input.marketIds?.get(q.value.epic);
    const s = id ? sentiment.get(id) : undefined;
    readings.push({
      quote: q.value,
      at: q.fetchedAt,
      sentiment: s && now - s.fetchedAt <= 15 * 60_000 ? s.value : null,
    });
  }
  if (readings.length === 0) return new Map();

  const firing = await updateListAlerts((all) => {
    const fired = new Map<string, ListAlert>();
    let changed = false;
    const next = all.map((alert) => {
      // Until its list was read, an alert cannot tell its markets from others: it waits.
      const listed = members.get(alert.watchlistId);
      if (!listed) return alert;
      const own = samples.get(alert.id) ?? new Map();
      samples.set(alert.id, own);
      const result = checkListAlert(alert, listed, readings, now, own, sayList);
      if (result.alert !== alert) changed = true;
      if (result.fired.length) fired.set(alert.id, { ...result.alert, history: result.fired });
      return result.alert;
    });
    return { all: changed ? next : all, result: fired };
  });

  for (const [id, alert] of firing) {
    for (const notice of listNotices(alert, alert.history, sayList)) {
      await notifier.showList(id, notice, now).catch(() => undefined);
    }
  }
  return firing;
}
