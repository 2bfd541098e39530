// Whether an alert fires now. Pure: the background's refresh engine calls it with the latest quote and
// sentiment it fetched, and applies `fired` to a rule that fires.
//
// Precisely: a price rule fires when the current mid ((bid + offer) / 2) is at or through its target
// (above: mid >= target; below: mid <= target); a move rule when the mid has moved at least `target` per
// cent either way from the reference mid taken when it was armed; a sentiment rule when the long
// percentage is at or through its target. Nothing fires on a disarmed rule, without both a bid and an
// offer above zero (price rules), while the market is not open for dealing (closed, offline, suspended,
// in an auction, or of unknown status), or inside the quiet window (the rule stays armed and fires after it).
import type { AlertRule, MarketQuote, MarketStatus, Sentiment } from '../model';
import { inQuietWindow } from './quiet';

export type AlertQuote = Pick<MarketQuote, 'bid' | 'offer' | 'marketStatus'>;

export type Verdict =
  | {
      fire: true;
      /** The figure that reached the target: the mid, the per cent moved (signed), or the long per cent. */
      value: number;
      /** The mid price at firing, when the quote has a usable one. */
      mid: number | null;
    }
  | {
      fire: false;
      reason: 'disarmed' | 'closed' | 'no-price' | 'no-sentiment' | 'no-reference' | 'quiet' | 'not-reached';
      /** For a move rule armed without a reference: the mid to take as its reference now. */
      reference?: number;
    };

const OPEN_STATUSES: ReadonlySet<MarketStatus> = new Set(['TRADEABLE', 'EDITS_ONLY', 'CLOSINGS_ONLY', 'DEAL_NO_EDIT']);

/** Prices move and alerts may fire only in these states. */
export function isOpenStatus(status: MarketStatus): boolean {
  return OPEN_STATUSES.has(status);
}

/** The mid of a usable two-sided price, or null when a side is missing, zero, negative or not finite. */
export function usableMid(quote: Pick<MarketQuote, 'bid' | 'offer'> | null): number | null {
  if (!quote) return null;
  const { bid, offer } = quote;
  if (bid === null || offer === null || !Number.isFinite(bid) || !Number.isFinite(offer)) return null;
  if (bid <= 0 || offer <= 0) return null;
  return (bid + offer) / 2;
}

/** The long percentage of a real reading; IG answers an unknown market id with 0 / 0. */
export function usableLong(sentiment: Sentiment | null): number | null {
  if (!sentiment) return null;
  const { longPositionPercentage: long, shortPositionPercentage: short } = sentiment;
  if (!Number.isFinite(long) || !Number.isFinite(short) || long + short <= 0) return null;
  return long;
}

export function isSentimentKind(kind: AlertRule['kind']): kind is 'sentiment-long-above' | 'sentiment-long-below' {
  return kind === 'sentiment-long-above' || kind === 'sentiment-long-below';
}

/** Percentage moved from the reference (signed), or null without both. */
export function movePct(reference: number | null, mid: number | null): number | null {
  if (reference === null || mid === null || reference <= 0) return null;
  return ((mid - reference) / reference) * 100;
}

function reached(rule: AlertRule, value: number): boolean {
  // A mid computed from bid and offer can miss a level it sits exactly on by one rounding step.
  const eps = Math.max(Math.abs(rule.target), 1) * 1e-12;
  switch (rule.kind) {
    case 'above':
    case 'sentiment-long-above':
      return value >= rule.target - eps;
    case 'below':
    case 'sentiment-long-below':
      return value <= rule.target + eps;
    case 'move-pct':
      return Math.abs(value) >= rule.target - eps;
  }
}

export function evaluate(rule: AlertRule, quote: AlertQuote | null, sentiment: Sentiment | null, now: number): Verdict {
  if (!rule.armed) return { fire: false, reason: 'disarmed' };
  if (!quote) return { fire: false, reason: 'no-price' };
  if (!isOpenStatus(quote.marketStatus)) return { fire: false, reason: 'closed' };

  let value: number;
  if (isSentimentKind(rule.kind)) {
    const long = usableLong(sentiment);
    if (long === null) return { fire: false, reason: 'no-sentiment' };
    value = long;
  } else {
    const mid = usableMid(quote);
    if (mid === null) return { fire: false, reason: 'no-price' };
    if (rule.kind === 'move-pct') {
      const moved = movePct(rule.reference, mid);
      if (moved === null) return { fire: false, reason: 'no-reference', reference: mid };
      value = moved;
    } else {
      value = mid;
    }
  }

  if (!reached(rule, value)) return { fire: false, reason: 'not-reached' };
  if (inQuietWindow(rule.quiet, now)) return { fire: false, reason: 'quiet' };
  return { fire: true, value, mid: usableMid(quote) };
}
