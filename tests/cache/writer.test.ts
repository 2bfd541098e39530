import { describe, expect, it, vi } from 'vitest';
import { evictionVictims } from '../../lib/cache/eviction';
import { FRESH_FOR_MS, isStale } from '../../lib/cache/freshness';
import { CacheWriterImpl, isolatedStores } from '../../lib/cache/writer';

let n = 0;
function writer(caps: Record<string, number> = {}) {
  const clock = { t: 1_000_000 };
  const changes: [string, string[]][] = [];
  const written: (ReadonlyMap<string, unknown> | undefined)[] = [];
  const cache = new CacheWriterImpl({
    now: () => clock.t,
    open: isolatedStores(`writer-${n++}`),
    caps,
    onChange: (s, k, entries) => {
      changes.push([s, k]);
      written.push(entries);
    },
  });
  return { cache, clock, changes, written };
}

describe('freshness', () => {
  it('is decided per kind: seconds for prices, minutes for sentiment, a day for details', () => {
    expect(FRESH_FOR_MS.snapshots).toBeLessThanOrEqual(60_000);
    expect(FRESH_FOR_MS.sentiment).toBeGreaterThanOrEqual(60_000);
    expect(FRESH_FOR_MS.details).toBe(24 * 3600_000);
    expect(isStale('snapshots', 0, FRESH_FOR_MS.snapshots - 1)).toBe(false);
    expect(isStale('snapshots', 0, FRESH_FOR_MS.snapshots)).toBe(true);
    expect(isStale('details', 0, 23 * 3600_000)).toBe(false);
    expect(isStale('sentiment-history', 0, 1e12)).toBe(false);
  });
});

describe('eviction policy', () => {
  it('drops the least recently used beyond the cap, never a kept key', () => {
    const usage = [
      { key: 'a', lastUsed: 5 },
      { key: 'b', lastUsed: 1 },
      { key: 'c', lastUsed: 3 },
      { key: 'd', lastUsed: 2 },
    ];
    expect(evictionVictims(usage, 2)).toEqual(['b', 'd']);
    expect(evictionVictims(usage, 2, new Set(['b']))).toEqual(['d', 'c']);
    expect(evictionVictims(usage, 10)).toEqual([]);
  });
});

describe('cache writer', () => {
  it('writes whole entries with when they were fetched and announces the keys', async () => {
    const { cache, changes } = writer();
    await cache.putMany('sentiment', [
      { key: 'A', value: { long: 1 }, fetchedAt: 10 },
      { key: 'B', value: { long: 2 } },
    ]);
    expect(await cache.get('sentiment', 'A')).toEqual({ value: { long: 1 }, fetchedAt: 10, lastUsed: 1_000_000 });
    expect((await cache.get('sentiment', 'B'))?.fetchedAt).toBe(1_000_000);
    expect(changes).toEqual([['sentiment', ['A', 'B']]]);
  });

  it('records a use on read so the entries in use survive eviction', async () => {
    const { cache, clock } = writer({ search: 3 });
    for (const key of ['a', 'b', 'c']) {
      await cache.put('search', key, key);
      clock.t += 1000;
    }
    clock.t += 120_000;
    await cache.get('search', 'a');
    // The use is written in the background; wait until it is stored.
    await vi.waitFor(async () => expect((await cache.get('search', 'a'))?.lastUsed).toBe(clock.t), {
      timeout: 10_000,
    });
    await cache.put('search', 'd', 'd');
    expect(await cache.evict('search')).toBe(1);
    expect(await cache.get('search', 'b')).toBeUndefined();
    expect(await cache.get('search', 'a')).toBeDefined();
    expect(await cache.count('search')).toBe(3);
  });

  it('stays within its cap however many entries are written', async () => {
    const { cache, clock } = writer({ snapshots: 50 });
    for (let i = 0; i < 30; i++) {
      clock.t += 1000;
      await cache.putMany(
        'snapshots',
        Array.from({ length: 10 }, (_, j) => ({ key: `E${i * 10 + j}`, value: j })),
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    await cache.evict('snapshots');
    expect(await cache.count('snapshots')).toBe(50);
    expect(await cache.get('snapshots', 'E299')).toBeDefined();
    expect(await cache.get('snapshots', 'E0')).toBeUndefined();
  });

  it('updates several entries in one transaction and leaves others alone', async () => {
    const { cache, changes, written } = writer();
    await cache.put('details', 'x', 1);
    await cache.update<number>('details', ['x', 'y'], (_key, current) =>
      current ? { ...current, value: current.value + 1 } : undefined,
    );
    expect((await cache.get<number>('details', 'x'))?.value).toBe(2);
    expect(await cache.get('details', 'y')).toBeUndefined();
    // Announced with what was written (the live hub compares it with what pages were streamed).
    expect(changes.at(-1)).toEqual(['details', ['x']]);
    expect(written.at(-1)).toEqual(new Map([['x', expect.objectContaining({ value: 2 })]]));
  });
});
