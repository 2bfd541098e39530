// A history level's precision: the decimal places IG wrote it with, kept beside the number (which drops
// trailing zeros). A record cached before they were kept, or with a value no formatter takes, has none.

/** The most decimals Intl.NumberFormat and toFixed take in every browser Marketside runs in. */
const MOST = 20;

/** The decimals IG gave a level, when the record carries a usable count; undefined otherwise. */
export function keptDecimals(given: unknown): number | undefined {
  return typeof given === 'number' && Number.isInteger(given) && given >= 0 && given <= MOST ? given : undefined;
}
