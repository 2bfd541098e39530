// Least-recently-used eviction: which keys to drop so a store keeps at most `cap` entries.

export interface Usage {
  key: string;
  lastUsed: number;
}

/** The keys to delete, oldest use first, so that `cap` entries remain; `keep` keys are never chosen. */
export function evictionVictims(usage: Usage[], cap: number, keep: ReadonlySet<string> = new Set()): string[] {
  const excess = usage.length - cap;
  if (excess <= 0) return [];
  return usage
    .filter((u) => !keep.has(u.key))
    .sort((a, b) => a.lastUsed - b.lastUsed || (a.key < b.key ? -1 : 1))
    .slice(0, excess)
    .map((u) => u.key);
}
