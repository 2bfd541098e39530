// An alert's life: created armed, fires once (disarmed, firedAt set), waits to be re-armed.
import type { AlertRule } from '../model';
import { isSentimentKind } from './evaluate';
import type { QuietWindow } from './quiet';

export interface AlertDraft {
  epic: string;
  kind: AlertRule['kind'];
  target: number;
  quiet: QuietWindow | null;
}

export interface AlertMarket {
  instrumentName: string;
  marketId: string | null;
  /** The current usable mid, the reference of a move rule; null when the market has no price now. */
  mid: number | null;
}

export function createRule(draft: AlertDraft, market: AlertMarket, id: string, now: number): AlertRule {
  return {
    id,
    epic: draft.epic,
    instrumentName: market.instrumentName,
    kind: draft.kind,
    target: draft.target,
    reference: draft.kind === 'move-pct' ? market.mid : null,
    marketId: market.marketId,
    armed: true,
    createdAt: now,
    firedAt: null,
    quiet: draft.quiet,
  };
}

/** The rule after it fired: it stays quiet until the user re-arms it. */
export function markFired(rule: AlertRule, now: number): AlertRule {
  return { ...rule, armed: false, firedAt: now };
}

/** Armed again; a move rule measures from the current mid (or from the next usable one when there is none now). */
export function rearm(rule: AlertRule, mid: number | null): AlertRule {
  return { ...rule, armed: true, firedAt: null, reference: rule.kind === 'move-pct' ? mid : rule.reference };
}

/** What the background must fetch to check these rules: the epics, and market ids for sentiment rules. */
export function alertWatchOf(rules: readonly AlertRule[]): { epics: string[]; marketIds: string[] } {
  const epics = new Set<string>();
  const marketIds = new Set<string>();
  for (const rule of rules) {
    if (!rule.armed) continue;
    epics.add(rule.epic);
    if (isSentimentKind(rule.kind) && rule.marketId) marketIds.add(rule.marketId);
  }
  return { epics: [...epics], marketIds: [...marketIds] };
}
