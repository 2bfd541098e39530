// The list alert form's draft: what the fields hold, read from an alert and back into a condition.
import type { ListCondition } from '../../lib/alerts/list-rules';
import { decimalSeparator, parseTypedNumber } from '../../lib/format';
import { listAlertText } from './list-alert-text';

export type Kind = ListCondition['kind'];

export interface Draft {
  kind: Kind;
  pct: string;
  minutes: string;
  side: 'long' | 'short';
  on: 'open' | 'close' | 'both';
}

export const emptyDraft: Draft = { kind: 'day-change', pct: '2', minutes: '15', side: 'long', on: 'both' };

/** A stored percentage as the user types it: "2,5" in de, "2.5" in en. */
const typed = (pct: number) => String(pct).replace('.', decimalSeparator());

export function draftOf(c: ListCondition): Draft {
  switch (c.kind) {
    case 'day-change':
      return { ...emptyDraft, kind: c.kind, pct: typed(c.pct) };
    case 'window-move':
      return { ...emptyDraft, kind: c.kind, pct: typed(c.pct), minutes: String(c.minutes) };
    case 'sentiment':
      return { ...emptyDraft, kind: c.kind, pct: typed(c.pct), side: c.side };
    case 'status':
      return { ...emptyDraft, kind: c.kind, on: c.on };
  }
}

export function conditionOf(d: Draft): { condition: ListCondition } | { error: string; field: 'pct' | 'minutes' } {
  if (d.kind === 'status') return { condition: { kind: 'status', on: d.on } };
  const read = parseTypedNumber(d.pct);
  if (!read.ok && read.reason === 'separator') return { error: read.error, field: 'pct' };
  const pct = read.ok ? read.value : null;
  if (pct === null || pct <= 0 || pct > 100 || (d.kind === 'sentiment' && pct >= 100)) {
    return { error: listAlertText.badPercent, field: 'pct' };
  }
  if (d.kind === 'day-change') return { condition: { kind: 'day-change', pct } };
  if (d.kind === 'sentiment') return { condition: { kind: 'sentiment', side: d.side, pct } };
  const minutes = Number(d.minutes);
  if (!/^\d+$/.test(d.minutes.trim()) || minutes < 1 || minutes > 240) {
    return { error: listAlertText.badMinutes, field: 'minutes' };
  }
  return { condition: { kind: 'window-move', pct, minutes } };
}
