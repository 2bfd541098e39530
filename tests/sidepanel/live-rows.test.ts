// The stream's quotes kept for the rows on screen (lib/sidepanel/live-rows.ts): what a row shows between the
// view's draws, which rows are told, and when a row flashes.
import { describe, expect, it, vi } from 'vitest';
import type { Fresh, MarketQuote } from '../../lib/model';
import {
  FLASH_MS,
  FlashEnds,
  flashClassOf,
  LiveRows,
  liveTrail,
  nextFlash,
  withLive,
} from '../../lib/sidepanel/live-rows';
import { moveOf } from '../../lib/sidepanel/rows';
import { quote, row } from './fixtures';

const EUR = 'CS.D.EURUSD.TODAY.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const fresh = (patch: Partial<MarketQuote>, fetchedAt: number, epic = EUR): Fresh<MarketQuote> => ({
  value: quote(epic, patch),
  fetchedAt,
  stale: false,
});

describe('LiveRows', () => {
  it('tells only the rows of the markets whose quotes changed, once a frame, and keeps the newest', () => {
    const live = new LiveRows();
    const eur = vi.fn();
    const ftse = vi.fn();
    live.subscribe(EUR, eur);
    live.subscribe(FTSE, ftse);
    live.publish([
      { epic: EUR, fresh: fresh({ bid: 1.08 }, 2_000) },
      { epic: EUR, fresh: fresh({ bid: 1.09 }, 2_100) },
    ]);
    expect(eur).toHaveBeenCalledTimes(1);
    expect(ftse).not.toHaveBeenCalled();
    expect(live.latest(EUR)?.fresh.value.bid).toBe(1.09);

    // An older quote (a message the stream overtook) is not taken; the same prices again tell nobody.
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.07 }, 1_900) }]);
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.09 }, 2_100) }]);
    expect(live.latest(EUR)?.fresh.value.bid).toBe(1.09);
    expect(eur).toHaveBeenCalledTimes(1);
  });

  it('keeps the trail it holds when the points are the same, so a sparkline draws again only when they change', () => {
    const live = new LiveRows();
    const drawn = vi.fn();
    live.subscribe(EUR, drawn);
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.08 }, 2_000), trail: [1.07, 1.08] }]);
    const held = live.latest(EUR)?.trail;
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.081 }, 2_100), trail: [1.07, 1.08] }]);
    expect(live.latest(EUR)?.trail).toBe(held);
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.081 }, 2_200), trail: [1.07, 1.08, 1.081] }]);
    expect(live.latest(EUR)?.trail).toEqual([1.07, 1.08, 1.081]);
    expect(drawn).toHaveBeenCalledTimes(3);
  });

  it('stops telling a row that has gone', () => {
    const live = new LiveRows();
    const eur = vi.fn();
    const stop = live.subscribe(EUR, eur);
    stop();
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.08 }, 2_000) }]);
    expect(eur).not.toHaveBeenCalled();
  });
});

describe('withLive', () => {
  const base = row(EUR, { bid: 1.0812, offer: 1.0814, marketId: 'EURUSD', decimalPlacesFactor: 4 });

  it('shows the streamed quote when it is newer, with the precision and market id the stream lacks', () => {
    const live = new LiveRows();
    live.publish([{ epic: EUR, fresh: fresh({ bid: 1.082, offer: 1.0822 }, 2_000) }]);
    const shown = withLive(base, live.latest(EUR));
    expect(shown.quote.bid).toBe(1.082);
    expect(shown.quote.decimalPlacesFactor).toBe(4);
    expect(shown.quote.marketId).toBe('EURUSD');
    expect(shown.fetchedAt).toBe(2_000);
    // The same row and quote: the same object (the row's cells compare by identity).
    expect(withLive(base, live.latest(EUR))).toBe(shown);
  });

  it('keeps the row when the stream has nothing newer than the view', () => {
    expect(withLive(base, undefined)).toBe(base);
    expect(withLive(base, { fresh: fresh({ bid: 1.07 }, 500) })).toBe(base);
    const newer = { ...base, fetchedAt: 3_000 };
    expect(withLive(newer, { fresh: fresh({ bid: 1.07 }, 2_000) })).toBe(newer);
  });

  it('gives the streamed trail only with the streamed quote', () => {
    const spark = [1, 2];
    expect(liveTrail(base, { fresh: fresh({}, 2_000), trail: [3] }, spark)).toEqual([3]);
    expect(liveTrail(base, { fresh: fresh({}, 500), trail: [3] }, spark)).toBe(spark);
    expect(liveTrail(base, { fresh: fresh({}, 2_000) }, spark)).toBe(spark);
  });
});

describe('nextFlash', () => {
  const at = 10_000;
  const was = quote(EUR, { bid: 1.08, offer: 1.0802 });

  it('flashes up or down when bid or offer moved, each move a class of its own', () => {
    const up = nextFlash(null, was, quote(EUR, { bid: 1.081, offer: 1.0812 }), at, moveOf);
    expect(flashClassOf(up, at)).toBe(' flash-up-1');
    const down = nextFlash(up, quote(EUR, { bid: 1.081, offer: 1.0812 }), was, at + 100, moveOf);
    expect(flashClassOf(down, at + 100)).toBe(' flash-down-0');
  });

  it('does not flash a row drawn for the first time or whose prices did not move, and ends a flash on time', () => {
    expect(nextFlash(null, null, was, at, moveOf)).toBeNull();
    expect(nextFlash(null, was, { ...was }, at, moveOf)).toBeNull();
    const up = nextFlash(null, was, quote(EUR, { bid: 1.081, offer: 1.0812 }), at, moveOf);
    expect(nextFlash(up, was, { ...was }, at + FLASH_MS - 1, moveOf)).toBe(up);
    expect(nextFlash(up, was, { ...was }, at + FLASH_MS, moveOf)).toBeNull();
    expect(flashClassOf(up, at + FLASH_MS)).toBe('');
  });
});

describe('FlashEnds', () => {
  it('ends each row’s flash on time, rows ending close together in one task, a row flashing again later', () => {
    vi.useFakeTimers({ now: 10_000 });
    try {
      const ends = new FlashEnds();
      const ended: string[] = [];
      const a = {};
      const b = {};
      const c = {};
      ends.at(a, 10_000 + FLASH_MS, () => ended.push('a'));
      ends.at(b, 10_020 + FLASH_MS, () => ended.push('b'));
      ends.at(c, 10_500 + FLASH_MS, () => ended.push('c'));
      // a flashes again before its end: its new end stands.
      vi.advanceTimersByTime(300);
      ends.at(a, 10_300 + FLASH_MS, () => ended.push('a again'));
      vi.advanceTimersByTime(FLASH_MS - 301);
      expect(ended).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(ended).toEqual(['b']);
      vi.advanceTimersByTime(300);
      expect(ended).toEqual(['b', 'a again']);
      ends.cancel(c);
      vi.advanceTimersByTime(FLASH_MS);
      expect(ended).toEqual(['b', 'a again']);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
