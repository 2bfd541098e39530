// The pages' first-paint snapshot, kept from the cache and the inputs that choose what it shows.
import type { UseStore } from 'idb-keyval';
import type { CacheStoreName } from '../../messages/contract';
import { popupLastQuery } from '../../popup/last-query';
import { firstPaintSnapshot, registry } from '../../settings/registry';
import { createFirstPaintKeeper, type FirstPaintKeeper } from '../first-paint/first-paint-keeper';

export function firstPaintParts(open: (store: CacheStoreName) => UseStore): FirstPaintKeeper {
  return createFirstPaintKeeper({
    open,
    inputs: async () => {
      const [recent, prefs, lastQuery] = await Promise.all([
        registry.recentLookups.getValue(),
        registry.prefs.getValue(),
        popupLastQuery.getValue(),
      ]);
      return { recentEpics: recent.map((r) => r.epic), selectedWatchlistId: prefs.selectedWatchlistId, lastQuery };
    },
    write: (snapshot) => firstPaintSnapshot.setValue(snapshot),
  });
}

/** What the pages' first screens show follows the lookups, the chosen list and the last search. */
export function watchFirstPaintInputs(keeper: FirstPaintKeeper): (() => void)[] {
  return [
    registry.recentLookups.watch(keeper.schedule),
    registry.prefs.watch(keeper.schedule),
    popupLastQuery.watch(keeper.schedule),
  ];
}
