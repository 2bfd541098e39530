// Which deal opened and which closed each closed trade. IG's transaction `reference` matches neither the
// deal id nor the deal reference, so the link is made through the activity instead:
//   1. a closing activity names the deal it closed: `details.actions[].affectedDealId` with POSITION_CLOSED
//      or POSITION_PARTIALLY_CLOSED (without details: the id's last 8 characters in "Position/s closed: …",
//      resolved only when exactly one opening deal ends with them); its own `dealId` is the closing deal;
//   2. a transaction belongs to a closing activity when the close levels are equal, the market names agree
//      where both are known, and the open level equals the opening deal's level where that is known; when
//      more than one fits, only those within two seconds of the transaction's time remain.
// Exactly one candidate links; none or several is "not linked", with the reason. Never a guess.
import type { HistoryActivity, HistoryTransaction } from './types';

export type TradeLink =
  | { linked: true; openDealId: string; closeDealId: string; openedAt: string | null; closedAt: string }
  /** none: no closing deal in the activity has the close level; several: more than one fits. */
  | { linked: false; reason: 'none' | 'several' };

interface Close {
  activity: HistoryActivity;
  openDealId: string;
  closeDealId: string;
}

const CLOSE_ACTIONS = new Set(['POSITION_CLOSED', 'POSITION_PARTIALLY_CLOSED']);
const CLOSED_TEXT = /(?:Position\/s closed|Position partially closed):\s*([A-Z0-9, ]+)/i;
const OPENED_TEXT = /Position opened:\s*([A-Z0-9]+)/i;

function openings(activities: readonly HistoryActivity[]): Map<string, HistoryActivity> {
  const byId = new Map<string, HistoryActivity>();
  for (const a of activities) {
    if (a.status !== 'ACCEPTED') continue;
    for (const action of a.actions) if (action.type === 'POSITION_OPENED' && action.dealId) byId.set(action.dealId, a);
    if (a.actions.length === 0 && a.dealId && OPENED_TEXT.test(a.description)) byId.set(a.dealId, a);
  }
  return byId;
}

function bySuffix(opened: Map<string, HistoryActivity>, suffix: string): string | null {
  const found = [...opened.keys()].filter((id) => id.endsWith(suffix));
  return found.length === 1 ? (found[0] as string) : null;
}

function closes(activities: readonly HistoryActivity[], opened: Map<string, HistoryActivity>): Close[] {
  const out: Close[] = [];
  for (const a of activities) {
    if (a.status !== 'ACCEPTED' || !a.dealId) continue;
    const named = a.actions.filter((x) => CLOSE_ACTIONS.has(x.type) && x.dealId);
    if (named.length) {
      for (const x of named) out.push({ activity: a, openDealId: x.dealId as string, closeDealId: a.dealId });
      continue;
    }
    if (a.actions.length) continue;
    const text = CLOSED_TEXT.exec(a.description);
    if (!text) continue;
    for (const suffix of (text[1] ?? '').split(/[,\s]+/).filter(Boolean)) {
      const openDealId = bySuffix(opened, suffix);
      if (openDealId) out.push({ activity: a, openDealId, closeDealId: a.dealId });
    }
  }
  return out;
}

const same = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 1e-9;

function fits(t: HistoryTransaction, c: Close, opened: Map<string, HistoryActivity>): boolean {
  if (!same(t.closeLevel, c.activity.level)) return false;
  const market = c.activity.marketName;
  if (market && t.instrumentName && market !== t.instrumentName) return false;
  const open = opened.get(c.openDealId);
  if (open?.level != null && t.openLevel !== null && !same(t.openLevel, open.level)) return false;
  return true;
}

/** A link for every transaction that is a closed trade (IG's type DEAL); others are absent from the map. */
export function linkTrades(
  transactions: readonly HistoryTransaction[],
  activities: readonly HistoryActivity[],
): Map<HistoryTransaction, TradeLink> {
  const opened = openings(activities);
  const candidates = closes(activities, opened);
  const links = new Map<HistoryTransaction, TradeLink>();
  for (const t of transactions) {
    if (t.type !== 'DEAL') continue;
    let fitting = candidates.filter((c) => fits(t, c, opened));
    if (fitting.length > 1) {
      const at = Date.parse(t.at);
      fitting = fitting.filter((c) => Math.abs(Date.parse(c.activity.at) - at) <= 2000);
    }
    const [only] = fitting;
    if (fitting.length === 1 && only) {
      links.set(t, {
        linked: true,
        openDealId: only.openDealId,
        closeDealId: only.closeDealId,
        openedAt: opened.get(only.openDealId)?.at ?? t.openedAt,
        closedAt: only.activity.at,
      });
    } else {
      links.set(t, {
        linked: false,
        reason: fitting.length === 0 ? 'none' : 'several',
      });
    }
  }
  return links;
}
