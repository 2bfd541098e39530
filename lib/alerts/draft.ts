// The alert form's checks, before anything is sent: a number in range, a sensible quiet window,
// and a price target on the right side of the current price (otherwise it would fire at once).
import { parseTypedNumber } from '../format';
import type { AlertRule } from '../model';
import type { AlertDraft } from './lifecycle';
import { minutesOf } from './quiet';

export interface DraftInput {
  epic: string;
  kind: AlertRule['kind'];
  target: string;
  quietEnabled: boolean;
  quietFrom: string;
  quietTo: string;
}

export type DraftErrors = Partial<Record<'target' | 'quiet', string>>;

export type DraftResult = { ok: true; draft: AlertDraft } | { ok: false; errors: DraftErrors };

/**
 * Parses a typed level in the user's locale: "1.0850" in en, "1,0850" in de; the other separator, a
 * thousands separator of either kind and anything not a number are null (lib/format parseTypedNumber).
 */
export function parseNumber(text: string): number | null {
  const read = parseTypedNumber(text);
  return read.ok && read.value !== null && Number.isFinite(read.value) ? read.value : null;
}

export function validateDraft(input: DraftInput, mid: number | null): DraftResult {
  const errors: DraftErrors = {};
  const target = parseNumber(input.target);
  const read = parseTypedNumber(input.target);
  if (!read.ok && read.reason === 'separator') {
    errors.target = read.error;
  } else if (target === null || target <= 0) {
    errors.target = 'Enter a number above zero';
  } else if (input.kind === 'move-pct' && target > 100) {
    errors.target = 'A move is at most 100%';
  } else if ((input.kind === 'sentiment-long-above' || input.kind === 'sentiment-long-below') && target >= 100) {
    errors.target = 'A long percentage is between 0 and 100';
  } else if (input.kind === 'above' && mid !== null && target <= mid) {
    errors.target = 'The price is already at or above this level';
  } else if (input.kind === 'below' && mid !== null && target >= mid) {
    errors.target = 'The price is already at or below this level';
  }

  let quiet: AlertDraft['quiet'] = null;
  if (input.quietEnabled) {
    const from = minutesOf(input.quietFrom);
    const to = minutesOf(input.quietTo);
    if (from === null || to === null) errors.quiet = 'Quiet hours are two times, HH:MM';
    else if (from === to) errors.quiet = 'Quiet hours need different start and end times';
    else quiet = { from: input.quietFrom, to: input.quietTo };
  }

  if (errors.target || errors.quiet || target === null) return { ok: false, errors };
  return { ok: true, draft: { epic: input.epic, kind: input.kind, target, quiet } };
}
