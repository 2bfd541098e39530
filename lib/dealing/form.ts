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
