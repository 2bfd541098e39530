// Checking alerts on each refresh. The refresh engine asks `alertTargets()` what to add to the markets
// it fetches (so alert epics ride in the same ≤50-epic batches), then hands what it fetched to
// `checkAlerts`. `runAlertCheck` does both through the market-watch service for a caller (an alarm)
// that has nothing else to fetch.

import { noticeFor } from '../../alerts/describe';
import { evaluate } from '../../alerts/evaluate';
import { alertWatchOf, markFired } from '../../alerts/lifecycle';
import { marketDecimals } from '../../format';
import type { AlertRule, Fresh, MarketQuote, Sentiment } from '../../model';
import type { MarketWatchApi } from '../ports';
import { type AlertNotifier, browserNotifier } from './notify';
import { readAlerts, updateAlerts } from './store';

/** Readings older than this are not used to fire an alert (a price from the cache, long ago). */
export const MAX_READING_AGE_MS = 15 * 60_000;

type Reading<T> = T | Fresh<T>;

function isFresh<T>(r: Reading<T>): r is Fresh<T> {
  return typeof r === 'object' && r !== null && 'fetchedAt' in r && 'value' in r;
}

function recent<T>(readings: Iterable<Reading<T>>, now: number, key: (t: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const r of readings) {
    if (isFresh(r)) {
      if (now - r.fetchedAt <= MAX_READING_AGE_MS) out.set(key(r.value), r.value);
    } else out.set(key(r), r);
  }
  return out;
}

/** Epics and sentiment market ids the armed alerts need; empty when there are none. */
export async function alertTargets(): Promise<{ epics: string[]; marketIds: string[] }> {
  return alertWatchOf(await readAlerts());
}

export interface CheckInput {
  quotes: Iterable<Reading<MarketQuote>>;
  sentiment?: Iterable<Reading<Sentiment>>;
  now?: number;
}

/**
 * Evaluates the armed alerts whose market is among `quotes` (others wait for a refresh that has them),
 * stores the fired ones as fired before notifying (so a restart never notifies twice), then shows one
 * notification each. Resolves with the rules that fired.
 */
export async function checkAlerts(input: CheckInput, notifier: AlertNotifier = browserNotifier): Promise<AlertRule[]> {
  const now = input.now ?? Date.now();
  const quotes = recent(input.quotes, now, (q) => q.epic);
  const sentiment = recent(input.sentiment ?? [], now, (s) => s.marketId);
  if (quotes.size === 0) return [];

  const fired = await updateAlerts((rules) => {
    const firing: { rule: AlertRule; value: number; mid: number | null; decimals: number | undefined }[] = [];
    let changed = false;
    const next = rules.map((rule) => {
      const quote = quotes.get(rule.epic);
      if (!rule.armed || !quote) return rule;
      const reading = rule.marketId ? (sentiment.get(rule.marketId) ?? null) : null;
      const verdict = evaluate(rule, quote, reading, now);
      if (verdict.fire) {
        const done = markFired(rule, now);
        firing.push({ rule: done, value: verdict.value, mid: verdict.mid, decimals: marketDecimals(quote) });
        changed = true;
        return done;
      }
      if (verdict.reason === 'no-reference' && verdict.reference !== undefined) {
        changed = true;
        return { ...rule, reference: verdict.reference };
      }
      return rule;
    });
    return { rules: changed ? next : rules, result: firing };
  });

  for (const { rule, value, mid, decimals } of fired) {
    await notifier.show(rule, noticeFor(rule, value, mid, decimals), now).catch(() => undefined);
  }
  return fired.map((f) => f.rule);
}

/** A complete check through the service (cached, batched, coalesced): for an alarm with nothing else to fetch. */
export async function runAlertCheck(
  markets: Pick<MarketWatchApi, 'quotes' | 'sentiment'>,
  notifier: AlertNotifier = browserNotifier,
  now: () => number = Date.now,
): Promise<AlertRule[]> {
  const { epics, marketIds } = await alertTargets();
  if (epics.length === 0) return [];
  const [quotes, sentiment] = await Promise.all([
    markets.quotes(epics, { maxAgeMs: 60_000 }),
    marketIds.length ? markets.sentiment(marketIds) : Promise.resolve([]),
  ]);
  return checkAlerts({ quotes, sentiment, now: now() }, notifier);
}
