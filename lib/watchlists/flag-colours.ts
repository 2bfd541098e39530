// The colour flags a trader puts on markets, and the flags read from the stored marks alone: the popup
// shows them without the rest of a watchlist's marks. Pure.
export const FLAG_COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export type FlagColour = (typeof FLAG_COLOURS)[number];

export const isFlag = (x: unknown): x is FlagColour => FLAG_COLOURS.includes(x as FlagColour);

/** The flags by epic in stored (or imported) marks; anything that is not a flag is left out. */
export function flagsOf(marks: unknown): Record<string, FlagColour> {
  const flags: Record<string, FlagColour> = {};
  const o = typeof marks === 'object' && marks !== null ? (marks as { flags?: unknown }).flags : null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return flags;
  for (const [epic, c] of Object.entries(o)) if (epic && isFlag(c)) flags[epic] = c;
  return flags;
}
