// Several stored keys of one area in one storage call, for a page's first paint. Defining a wxt storage
// item reads it at once (and a versioned one reads value and version, then the value again), so a page
// that needs three items before its first row would wait for several round trips; this is one. A value
// stored at an older version is not `current`: the caller then asks its item, which migrates it. When the
// page's early script (lib/settings/early-read.ts) has already started this read, its answer is used.
import { storage } from 'wxt/utils/storage';
import { takeEarlyRead } from './early-read';

export interface StoredValue {
  /** The stored value; undefined when nothing is stored (the item's fallback applies). */
  value: unknown;
  /** False when the value is stored at another version than the item's: read it through the item. */
  current: boolean;
}

export async function readStored(
  area: 'local' | 'session',
  wanted: { key: string; version?: number }[],
): Promise<Map<string, StoredValue>> {
  const names = wanted.flatMap(({ key, version }) => (version ? [key, `${key}$`] : [key]));
  const got: Record<string, unknown> = {};
  const early = takeEarlyRead(area, names);
  const read = early ? await early.catch(() => null) : null;
  if (read) for (const n of names) got[n] = read[n];
  else
    for (const { key, value } of await storage.getItems(names.map((n) => `${area}:${n}` as const)))
      got[key.slice(area.length + 1)] = value;
  const out = new Map<string, StoredValue>();
  for (const { key, version } of wanted) {
    const value = got[key] ?? undefined;
    const meta = got[`${key}$`] as { v?: number } | undefined;
    out.set(key, { value, current: value === undefined || !version || (meta?.v ?? 1) === version });
  }
  return out;
}
