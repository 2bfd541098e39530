// Reading the dealing forms' text fields, in the user's locale (lib/format parseTypedNumber).
import { parseTypedNumber } from '../format';

/** A number typed by the user: empty → null; unreadable (the other decimal separator, nonsense) → NaN. */
export function parseAmount(text: string): number | null {
  const read = parseTypedNumber(text);
  return read.ok ? read.value : Number.NaN;
}

/** Why a typed field cannot be read ("Use “,” as the decimal separator…"), for each field that cannot. */
export function typedIssues<F extends string>(fields: Partial<Record<F, string>>): { field: F; message: string }[] {
  const out: { field: F; message: string }[] = [];
  for (const [field, text] of Object.entries(fields) as [F, string | undefined][]) {
    if (text === undefined) continue;
    const read = parseTypedNumber(text);
    if (!read.ok) out.push({ field, message: read.error });
  }
  return out;
}

/**
 * The issues a form shows: none while it is valid or untouched (unless a field cannot be read); a field that
 * cannot be read says so in place of what its NaN made the check say about it.
 */
export function shownIssues<F extends string>(
  check: { ok: true } | { ok: false; issues: { field: F; message: string }[] } | null,
  typed: { field: F; message: string }[],
  touched: boolean,
): { field: F; message: string }[] {
  if (!check || check.ok || !(touched || typed.length > 0)) return [];
  return [...typed, ...check.issues.filter((i) => !typed.some((t) => t.field === i.field))];
}
