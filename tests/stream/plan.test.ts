import { describe, expect, it } from 'vitest';
import type { StreamSubscription } from '../../lib/stream/link';
import { diffSubscriptions, type PriceGroup, packPrices, wantedEpics } from '../../lib/stream/plan';

const ids = () => {
  let n = 0;
  return () => `p${++n}`;
};
const epics = (n: number, prefix = 'E') =>
  Array.from({ length: n }, (_, i) => `${prefix}.${String(i).padStart(3, '0')}`);

describe('what the stream subscribes', () => {
  it('is the union of the pages, the pinned market and the alert targets, without repeats', () => {
    expect(wantedEpics({ pages: ['B', 'A'], pinned: 'C', alerts: ['A', 'D'] })).toEqual(['A', 'B', 'C', 'D']);
    expect(wantedEpics({ pages: [], pinned: null, alerts: [] })).toEqual([]);
  });

  it('packs markets into groups of the chosen size', () => {
    const r = packPrices([], epics(120), { maxGroups: 36, groupSize: 50, newId: ids() });
    expect(r.groups.map((g) => g.epics.length)).toEqual([50, 50, 20]);
    expect(r.removed).toEqual([]);
    expect(r.added).toEqual(r.groups);
  });

  it('adds new markets in a new group and leaves the existing groups subscribed', () => {
    const newId = ids();
    const first = packPrices([], epics(50), { maxGroups: 36, groupSize: 50, newId });
    const next = packPrices(first.groups, [...epics(50), 'NEW.1', 'NEW.2'], { maxGroups: 36, groupSize: 50, newId });
    expect(next.removed).toEqual([]);
    expect(next.added).toEqual([{ id: 'p2', epics: ['NEW.1', 'NEW.2'] }]);
    expect(next.groups).toHaveLength(2);
  });

  it('removing a market touches only the group that held it', () => {
    const newId = ids();
    const start = packPrices([], epics(150), { maxGroups: 36, groupSize: 50, newId });
    const without = epics(150).filter((e) => e !== 'E.075');
    const next = packPrices(start.groups, without, { maxGroups: 36, groupSize: 50, newId });
    expect(next.removed).toEqual(['p2']);
    expect(next.added).toHaveLength(1);
    expect(next.added[0]?.epics).toHaveLength(49);
    expect(next.added[0]?.epics).not.toContain('E.075');
    expect(next.groups.map((g) => g.id).sort()).toEqual(['p1', 'p3', 'p4']);
  });

  it('drops a group whose markets are all gone without making a new one', () => {
    const newId = ids();
    const start = packPrices([], epics(100), { maxGroups: 36, groupSize: 50, newId });
    const next = packPrices(start.groups, epics(50), { maxGroups: 36, groupSize: 50, newId });
    expect(next.removed).toEqual(['p2']);
    expect(next.added).toEqual([]);
  });

  it('never exceeds the subscription limit: over it, everything is packed again into larger groups', () => {
    const newId = ids();
    let groups: PriceGroup[] = [];
    // Many small additions, one market at a time, would each make a group.
    for (const e of epics(45))
      groups = packPrices(groups, [...groups.flatMap((g) => g.epics), e], {
        maxGroups: 36,
        groupSize: 50,
        newId,
      }).groups;
    expect(groups.length).toBeLessThanOrEqual(36);
    expect(groups.flatMap((g) => g.epics).sort()).toEqual(epics(45));
    const big = packPrices([], epics(2000), { maxGroups: 36, groupSize: 50, newId });
    expect(big.groups.length).toBeLessThanOrEqual(36);
    expect(new Set(big.groups.flatMap((g) => g.epics)).size).toBe(2000);
  });

  it('diffs subscriptions: unchanged ones stay, changed ones are replaced, missing ones go', () => {
    const sub = (id: string, items: string[]): StreamSubscription => ({ id, mode: 'MERGE', items, fields: ['A'] });
    const d = diffSubscriptions(
      [sub('a', ['1']), sub('b', ['2']), sub('c', ['3'])],
      [sub('a', ['1']), sub('b', ['2', '4']), sub('d', ['5'])],
    );
    expect(d.unsubscribe.sort()).toEqual(['b', 'c']);
    expect(d.subscribe.map((s) => s.id)).toEqual(['b', 'd']);
  });
});
