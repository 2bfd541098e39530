// What every exported file says of its numbers and dates (kept apart from the writers: pages show it
// without loading papaparse).

/** The same in every display language: files are for spreadsheets and scripts, not for reading. */
export const MACHINE_FORMAT_NOTE =
  'Numbers with a dot for decimals and no thousands separators, dates in ISO 8601 (2026-03-29T14:05:00Z), whatever the display language.';
