// What the stream subscribes: the union of what pages show, the pinned market and the alert targets,
// packed into at most IG's 40 subscriptions per connection. A change touches only the subscriptions whose
// items changed; the rest stay subscribed. Pure.
import type { StreamSubscription } from './link';

export interface PriceGroup {
  id: string;
  epics: string[];
}

export interface PackOptions {
  /** Subscriptions left for prices after the fixed ones (trade, account, heartbeat, chart). */
  maxGroups: number;
  /** Items a new group holds before another is started. */
  groupSize: number;
  newId(): string;
}

export interface PackResult {
  groups: PriceGroup[];
  /** Groups to subscribe (new, or an old one's remaining items under a new id). */
  added: PriceGroup[];
  /** Ids of groups to unsubscribe. */
  removed: string[];
}

export function wantedEpics(sources: { pages: Iterable<string>; pinned: string | null; alerts: Iterable<string> }) {
  const all = new Set<string>(sources.pages);
  if (sources.pinned) all.add(sources.pinned);
  for (const e of sources.alerts) all.add(e);
  return [...all].sort();
}

function chunk(items: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function packPrices(current: PriceGroup[], wanted: string[], options: PackOptions): PackResult {
  const want = new Set(wanted);
  const kept: PriceGroup[] = [];
  const removed: string[] = [];
  const loose: string[] = [];
  const covered = new Set<string>();
  for (const g of current) {
    const still = g.epics.filter((e) => want.has(e) && !covered.has(e));
    for (const e of still) covered.add(e);
    if (still.length === g.epics.length) kept.push(g);
    else {
      removed.push(g.id);
      loose.push(...still);
    }
  }
  for (const e of want) if (!covered.has(e)) loose.push(e);
  const fresh = chunk(loose, Math.max(1, options.groupSize)).map((epics) => ({ id: options.newId(), epics }));
  if (kept.length + fresh.length <= options.maxGroups) {
    return { groups: [...kept, ...fresh], added: fresh, removed };
  }
  // Over the limit: pack everything again into as few groups as the limit allows.
  const all = [...want].sort();
  const size = Math.max(options.groupSize, Math.ceil(all.length / Math.max(1, options.maxGroups)));
  const groups = chunk(all, size).map((epics) => ({ id: options.newId(), epics }));
  return { groups, added: groups, removed: current.map((g) => g.id) };
}

function sameSubscription(a: StreamSubscription, b: StreamSubscription): boolean {
  return (
    a.mode === b.mode &&
    a.adapter === b.adapter &&
    a.items.join(' ') === b.items.join(' ') &&
    a.fields.join(' ') === b.fields.join(' ')
  );
}

/** Subscriptions to drop and to make so that `current` becomes `desired`; unchanged ones are left alone. */
export function diffSubscriptions(current: Iterable<StreamSubscription>, desired: StreamSubscription[]) {
  const before = new Map([...current].map((s) => [s.id, s]));
  const subscribe: StreamSubscription[] = [];
  const unsubscribe: string[] = [];
  const seen = new Set<string>();
  for (const d of desired) {
    seen.add(d.id);
    const old = before.get(d.id);
    if (old && sameSubscription(old, d)) continue;
    if (old) unsubscribe.push(d.id);
    subscribe.push(d);
  }
  for (const id of before.keys()) if (!seen.has(id)) unsubscribe.push(id);
  return { subscribe, unsubscribe };
}
