// One alert over a whole watchlist. Pure: the background hands it the list's members and the readings
// of one check (streamed or polled), and stores the alert it returns.
//
// Precisely: each member market fires once when its condition is reached, then stays latched until the
// condition is no longer met (it crossed back), which re-arms it. A market is skipped entirely (no
// firing, no re-arm, no sample) while its reading is stale or, for the price and sentiment conditions,
// while it is not open for dealing. The open/close condition fires on a change of a market's state
// between open and not open that this alert saw happen (the first state it sees only sets the start).
// Markets that leave the list leave the alert's state with them.
//
// Words come from the catalogue through `say` (the caller passes lib/alerts/list-say.ts), so this stays pure.
import type { MarketQuote, Sentiment } from '../model';
import { isOpenStatus, usableLong, usableMid } from './evaluate';

export type ListCondition =
  /** The day's change reaching ±pct %. */
  | { kind: 'day-change'; pct: number }
  /** The mid moving pct % either way within the last `minutes`. */
  | { kind: 'window-move'; pct: number; minutes: number }
  /** Client sentiment reaching pct % long (or short). */
  | { kind: 'sentiment'; side: 'long' | 'short'; pct: number }
  /** The market opening, closing, or either. */
  | { kind: 'status'; on: 'open' | 'close' | 'both' };

export interface ListFiring {
  epic: string;
  instrumentName: string;
  at: number;
  /** What happened, e.g. "day change +2.10%". */
  text: string;
}

export interface ListAlert {
  id: string;
  watchlistId: string;
  watchlistName: string;
  condition: ListCondition;
  createdAt: number;
  /** Markets that fired and wait to cross back. */
  latched: string[];
  /** The last open (true) or closed (false) state seen per market, for the open/close condition. */
  open: Record<string, boolean>;
  /** Newest first, at most HISTORY_KEPT. */
  history: ListFiring[];
}

export const HISTORY_KEPT = 20;
/** A reading older than this is stale: nothing fires on it. */
export const STALE_MS = 5 * 60_000;
/** More firings than this in one check make one notification listing them. */
export const FLOOD_AT = 3;

export type ListQuote = Pick<MarketQuote, 'epic' | 'instrumentName' | 'bid' | 'offer' | 'marketStatus'> &
  Partial<Pick<MarketQuote, 'percentageChange'>>;

export interface ListReading {
  quote: ListQuote;
  /** When the reading was taken (epoch ms, this machine's clock). */
  at: number;
  sentiment?: Sentiment | null;
}

/** Recent mids per market, for the window move; kept in memory by the caller across checks. */
export type MidSamples = Map<string, { at: number; mid: number }[]>;

const MAX_SAMPLES = 2_000;

/** The catalogue's words for list alerts. */
export type ListWord =
  | 'listRule.dayChangeBeyond'
  | 'listRule.movesWithin'
  | 'listRule.longAtLeast'
  | 'listRule.shortAtLeast'
  | 'listRule.opens'
  | 'listRule.closes'
  | 'listRule.opensOrCloses'
  | 'listRule.dayChange'
  | 'listRule.movedWithin'
  | 'listRule.clientsLong'
  | 'listRule.clientsShort'
  | 'listRule.opened'
  | 'listRule.closed'
  | 'listRule.marketsIn'
  | 'listRule.watchlist'
  | 'listRule.badChange'
  | 'listRule.badMove'
  | 'listRule.badWindow'
  | 'listRule.badSentiment';

/** A word of the catalogue with its {names} filled in; `count` picks a plural form. */
export type Say = (word: ListWord, subs?: Record<string, string>, count?: number) => string;

function signed(n: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(2)}%`;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** "day change beyond ±2%", "moves 1% within 15 min", "clients ≥ 75% long", "opens or closes". */
export function listConditionText(c: ListCondition, say: Say): string {
  switch (c.kind) {
    case 'day-change':
      return say('listRule.dayChangeBeyond', { pct: `${trim(c.pct)}%` });
    case 'window-move':
      return say('listRule.movesWithin', { pct: `${trim(c.pct)}%`, minutes: String(c.minutes) });
    case 'sentiment':
      return say(c.side === 'long' ? 'listRule.longAtLeast' : 'listRule.shortAtLeast', { pct: `${trim(c.pct)}%` });
    case 'status':
      return say(c.on === 'open' ? 'listRule.opens' : c.on === 'close' ? 'listRule.closes' : 'listRule.opensOrCloses');
  }
}

/** The largest move (signed %) of `mid` from a sample inside the window, after adding it. */
function windowMove(samples: MidSamples, epic: string, mid: number, at: number, minutes: number): number {
  const from = at - minutes * 60_000;
  const kept = (samples.get(epic) ?? []).filter((s) => s.at >= from && s.at <= at);
  let best = 0;
  for (const s of kept) {
    const moved = ((mid - s.mid) / s.mid) * 100;
    if (Math.abs(moved) > Math.abs(best)) best = moved;
  }
  kept.push({ at, mid });
  samples.set(epic, kept.length > MAX_SAMPLES ? kept.slice(-MAX_SAMPLES) : kept);
  return best;
}

type Outcome = { met: boolean; text: string } | null;

/** Whether the market meets the condition now (null: cannot tell from this reading, leave it as it is). */
function measure(c: ListCondition, r: ListReading, samples: MidSamples, say: Say): Outcome {
  const eps = 1e-9;
  switch (c.kind) {
    case 'day-change': {
      const pct = r.quote.percentageChange;
      if (pct === null || pct === undefined || !Number.isFinite(pct)) return null;
      return { met: Math.abs(pct) >= c.pct - eps, text: say('listRule.dayChange', { change: signed(pct) }) };
    }
    case 'window-move': {
      const mid = usableMid(r.quote);
      if (mid === null) return null;
      const moved = windowMove(samples, r.quote.epic, mid, r.at, c.minutes);
      return {
        met: Math.abs(moved) >= c.pct - eps,
        text: say('listRule.movedWithin', { change: signed(moved), minutes: String(c.minutes) }),
      };
    }
    case 'sentiment': {
      const long = usableLong(r.sentiment ?? null);
      if (long === null || !r.sentiment) return null;
      const value = c.side === 'long' ? long : r.sentiment.shortPositionPercentage;
      const word = c.side === 'long' ? 'listRule.clientsLong' : 'listRule.clientsShort';
      return { met: value >= c.pct - eps, text: say(word, { pct: `${trim(value)}%` }) };
    }
    case 'status':
      return null;
  }
}

export interface ListCheck {
  alert: ListAlert;
  fired: ListFiring[];
}

/**
 * Checks one list alert. `members` is the list's epics as last read; readings of markets outside the
 * list are ignored. Returns the same alert object when
 * nothing changed, so the caller stores only changes. A firing's words come from `say`.
 */
export function checkListAlert(
  alert: ListAlert,
  members: ReadonlySet<string>,
  readings: Iterable<ListReading>,
  now: number,
  samples: MidSamples,
  say: Say,
): ListCheck {
  let latched = new Set(alert.latched);
  let open = { ...alert.open };
  let changed = false;
  const keptLatched = [...latched].filter((e) => members.has(e));
  if (keptLatched.length !== latched.size) {
    latched = new Set(keptLatched);
    changed = true;
  }
  const keptOpen = Object.entries(open).filter(([e]) => members.has(e));
  if (keptOpen.length !== Object.keys(open).length) {
    open = Object.fromEntries(keptOpen);
    changed = true;
  }
  for (const epic of samples.keys()) if (!members.has(epic)) samples.delete(epic);

  const fired: ListFiring[] = [];
  const c = alert.condition;
  for (const r of readings) {
    const { epic } = r.quote;
    if (!members.has(epic)) continue;
    if (now - r.at > STALE_MS || r.at > now + 60_000) continue;
    const isOpen = isOpenStatus(r.quote.marketStatus);
    if (c.kind === 'status') {
      const before = open[epic];
      if (before === isOpen) continue;
      open[epic] = isOpen;
      changed = true;
      if (before === undefined) continue;
      if (c.on === 'both' || (c.on === 'open') === isOpen) {
        fired.push({
          epic,
          instrumentName: r.quote.instrumentName,
          at: now,
          text: say(isOpen ? 'listRule.opened' : 'listRule.closed'),
        });
      }
      continue;
    }
    if (!isOpen) continue;
    const outcome = measure(c, r, samples, say);
    if (!outcome) continue;
    if (outcome.met && !latched.has(epic)) {
      latched.add(epic);
      changed = true;
      fired.push({ epic, instrumentName: r.quote.instrumentName, at: now, text: outcome.text });
    } else if (!outcome.met && latched.has(epic)) {
      latched.delete(epic);
      changed = true;
    }
  }

  if (!changed) return { alert, fired };
  return {
    alert: {
      ...alert,
      latched: [...latched],
      open,
      history: [...fired, ...alert.history].slice(0, HISTORY_KEPT),
    },
    fired,
  };
}

export interface ListNotice {
  /** The market a click opens. */
  epic: string;
  title: string;
  message: string;
}

/** One notification per firing, or one listing them all when more than FLOOD_AT fired at once. */
export function listNotices(alert: ListAlert, fired: readonly ListFiring[], say: Say): ListNotice[] {
  const list = alert.watchlistName;
  const first = fired[0];
  if (!first) return [];
  if (fired.length > FLOOD_AT) {
    const condition = listConditionText(alert.condition, say);
    return [
      {
        epic: first.epic,
        title: say('listRule.marketsIn', { n: String(fired.length), watchlist: list, condition }, fired.length),
        message: fired.map((f) => `${f.instrumentName} ${f.text}`).join(' · '),
      },
    ];
  }
  const message = say('listRule.watchlist', { watchlist: list });
  return fired.map((f) => ({ epic: f.epic, title: `${f.instrumentName} ${f.text}`, message }));
}

/** A condition's numbers in range, or the catalogue's word for why they are not. */
export function conditionError(c: ListCondition): ListWord | null {
  switch (c.kind) {
    case 'day-change':
      return c.pct > 0 && c.pct <= 100 ? null : 'listRule.badChange';
    case 'window-move':
      if (!(c.pct > 0 && c.pct <= 100)) return 'listRule.badMove';
      return Number.isInteger(c.minutes) && c.minutes >= 1 && c.minutes <= 240 ? null : 'listRule.badWindow';
    case 'sentiment':
      return c.pct > 0 && c.pct < 100 ? null : 'listRule.badSentiment';
    case 'status':
      return null;
  }
}
