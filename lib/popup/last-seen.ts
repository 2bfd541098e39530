// The long percentage of client sentiment the user last saw per market id, so the market view can
// show how it moved since. Kept small: only the most recently seen markets.
import { storage } from 'wxt/utils/storage';
import { lazyItem } from '../settings/registry';

export interface SeenSentiment {
  long: number;
  at: number;
}

export type LastSeenMap = Record<string, SeenSentiment>;

export const LAST_SEEN_LIMIT = 200;

export const lastSeenSentiment = lazyItem(() =>
  storage.defineItem<LastSeenMap>('local:lastSeenSentiment', {
    fallback: {},
    version: 1,
  }),
);

/** The map with `marketId` seen at `long` now, keeping the `limit` most recent entries. */
export function rememberSeen(
  map: LastSeenMap,
  marketId: string,
  long: number,
  now: number,
  limit = LAST_SEEN_LIMIT,
): LastSeenMap {
  const entries = Object.entries(map).filter(([id]) => id !== marketId);
  entries.push([marketId, { long, at: now }]);
  entries.sort((a, b) => b[1].at - a[1].at);
  return Object.fromEntries(entries.slice(0, limit));
}
