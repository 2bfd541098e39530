import { gauss, h32, hashString } from './random';
import type { World } from './world';

const KNOT_MS = 6 * 3_600_000;

/** Share of clients long a market id at a time: seeded, drifting slowly; unknown ids read 0 / 0 like the gateway. */
export function sentimentOf(world: World, marketId: string, now: number) {
  if (!world.universe.hasMarketId(marketId))
    return { marketId, longPositionPercentage: 0.0, shortPositionPercentage: 0.0 };
  const key = h32(world.seed, hashString(marketId));
  const level = (k: number) => gauss(h32(key, 1, k), h32(key, 2, k));
  const i = Math.floor(now / KNOT_MS);
  const f = now / KNOT_MS - i;
  const bias = gauss(h32(key, 3), h32(key, 4)) * 0.8;
  const n = bias + level(i) + (level(i + 1) - level(i)) * f;
  const long = Math.min(95, Math.max(5, Math.round(50 + 12 * n)));
  return { marketId, longPositionPercentage: long, shortPositionPercentage: 100 - long };
}

/** Up to five other market ids of the same category, in a seeded order. */
export function relatedMarketIds(world: World, marketId: string): string[] {
  const first = world.universe.byId(marketId)[0];
  if (!first) return [];
  const ids = new Set<string>();
  for (const m of world.universe.inCategory(first.category)) if (m.marketId !== marketId) ids.add(m.marketId);
  const key = h32(world.seed, hashString(marketId));
  return [...ids]
    .map((id) => [h32(key, hashString(id)), id] as const)
    .sort((a, b) => a[0] - b[0])
    .slice(0, 5)
    .map(([, id]) => id);
}
