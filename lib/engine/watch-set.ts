// What the open pages show: the union of the epics and market ids of every visible page.
import type { LiveFromPage } from '../messages/contract';

export type Watch = Extract<LiveFromPage, { kind: 'watch' }>;

export interface WatchUnion {
  epics: string[];
  marketIds: string[];
}

export function unionOfVisible(watches: Iterable<Watch>): WatchUnion {
  const epics = new Set<string>();
  const marketIds = new Set<string>();
  for (const w of watches) {
    if (!w.visible) continue;
    for (const e of w.epics) epics.add(e);
    for (const id of w.marketIds) marketIds.add(id);
  }
  return { epics: [...epics], marketIds: [...marketIds] };
}
