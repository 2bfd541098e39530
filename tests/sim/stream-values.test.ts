import { describe, expect, it } from 'vitest';
import { openPosition } from '../../sim/dealing/positions';
import { bar, tickStart } from '../../sim/prices/series';
import { quote } from '../../sim/prices/snapshot';
import { TradeWatcher } from '../../sim/stream/trades';
import { candleFields, currentFields, priceFields } from '../../sim/stream/values';
import type { MarketStatus } from '../../sim/universe/types';
import { marketOrder, testWorld, WEDNESDAY_1500 } from './helpers';

const world = testWorld;

const FTSE = 'IX.D.FTSE.DAILY.IP';

describe('PRICE fields', () => {
  it("maps every market status to IG's dealing flag", () => {
    const w = world();
    const m = w.market(FTSE);
    if (!m) throw new Error('no FTSE');
    const flags: Record<MarketStatus, string> = {
      TRADEABLE: 'DEAL',
      CLOSED: 'CLOSED',
      EDITS_ONLY: 'EDIT',
      OFFLINE: 'CLOSED',
      ON_AUCTION: 'AUCTION',
      ON_AUCTION_NO_EDITS: 'AUCTIONNOEDIT',
      SUSPENDED: 'SUSPEND',
    };
    for (const [status, flag] of Object.entries(flags))
      expect(priceFields(m, quote(m, WEDNESDAY_1500, { marketStatus: status as MarketStatus })).DLG_FLAG).toBe(flag);
  });

  it('gives the quote REST gives, both change-percent spellings, an empty ladder and epoch-ms timestamps', () => {
    const w = world();
    const m = w.market(FTSE);
    if (!m) throw new Error('no FTSE');
    const q = w.quote(m, WEDNESDAY_1500 + 1500);
    const f = priceFields(m, q);
    expect(f).toMatchObject({
      BIDPRICE1: String(q.bid),
      ASKPRICE1: String(q.offer),
      HIGH: String(q.high),
      LOW: String(q.low),
      NET_CHG: String(q.netChange),
      NET_CHG_PCT: String(q.percentageChange),
      NET_CHG_: String(q.percentageChange),
      TIMESTAMP: String(tickStart(m, WEDNESDAY_1500 + 1500)),
      BIDSIZE1: '',
      ASKSIZE5: '',
      C3BIDSIZE2: '',
      BIDQUOTEID: null,
    });
    expect(Number(f.MID_OPEN) + Number(f.NET_CHG)).toBeCloseTo(q.mid, m.decimals);
  });
});

describe('ticks', () => {
  it('tick each market every 250–1000 ms of simulated time, inside the second bar, opening at its open', () => {
    const w = world();
    const gaps = new Set<number>();
    for (const epic of [FTSE, 'CS.D.EURUSD.MINI.IP', 'KA.D.VOD.CASH.IP']) {
      const m = w.market(epic);
      if (!m) throw new Error(`no ${epic}`);
      let last = tickStart(m, WEDNESDAY_1500);
      expect(last).toBe(WEDNESDAY_1500);
      for (let t = WEDNESDAY_1500; t < WEDNESDAY_1500 + 5_000; t += 10) {
        const start = tickStart(m, t);
        expect(start).toBeLessThanOrEqual(t);
        const q = w.quote(m, t);
        expect(q.updateTime).toBe(start);
        const b = bar(m, 0, Math.floor(t / 1000));
        expect(q.mid).toBeGreaterThanOrEqual(b.l);
        expect(q.mid).toBeLessThanOrEqual(b.h);
        if (start % 1000 === 0) expect(q.mid).toBe(b.o);
        if (start !== last) gaps.add(start - last);
        last = start;
      }
    }
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(250);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1000);
    expect(gaps.size).toBeGreaterThan(1);
  });
});

describe('CHART candles', () => {
  it('marks a SECOND candle complete and a minute in progress incomplete, each starting at its bar', () => {
    const w = world();
    const m = w.market(FTSE);
    if (!m) throw new Error('no FTSE');
    const now = WEDNESDAY_1500 + 30_500;
    const q = w.quote(m, now);
    const sec = candleFields(m, q, 'SECOND', now);
    expect(sec).toMatchObject({ UTM: String(WEDNESDAY_1500 + 29_000), CONS_END: '1', LTP_OPEN: null });
    const min = candleFields(m, q, '1MINUTE', now);
    expect(min).toMatchObject({ UTM: String(WEDNESDAY_1500), CONS_END: '0' });
    expect(Number(min.BID_HIGH)).toBeGreaterThanOrEqual(Number(sec.BID_HIGH));
    expect(Number(min.OFR_OPEN) - Number(min.BID_OPEN)).toBeCloseTo(m.spread, m.decimals);
    const done = candleFields(m, w.quote(m, WEDNESDAY_1500 + 60_000), '1MINUTE', WEDNESDAY_1500 + 60_000);
    expect(done).toMatchObject({ UTM: String(WEDNESDAY_1500), CONS_END: '1' });
  });

  it('beats with the simulated time', () => {
    expect(currentFields(world(), { kind: 'heartbeat', name: 'TRADE:HB.U.HEARTBEAT.IP' }, 1234)).toEqual({
      HEARTBEAT: '1234',
    });
  });
});

describe('TRADE events', () => {
  it('turns a deal into CONFIRMS then OPU, once, and forgets what existed when rebased', () => {
    const w = world();
    const watcher = new TradeWatcher(w);
    expect(watcher.poll()).toEqual([]);
    const ref = openPosition(w, 'SIMCFD1', marketOrder({ dealReference: 'UNIT-1' }), w.now());
    expect(ref).toBe('UNIT-1');
    const events = watcher.poll();
    expect(events.map((e) => e.field)).toEqual(['CONFIRMS', 'OPU']);
    expect(JSON.parse(events[0]?.json ?? '')).toMatchObject({ dealReference: 'UNIT-1', status: 'OPEN' });
    expect(JSON.parse(events[1]?.json ?? '')).toMatchObject({ dealReference: 'UNIT-1', status: 'OPEN', epic: FTSE });
    expect(events.every((e) => e.accountId === 'SIMCFD1')).toBe(true);
    expect(watcher.poll()).toEqual([]);
    const position = w.positions[0];
    if (!position) throw new Error('no position');
    position.stopLevel = position.level - 100;
    expect(watcher.poll().map((e) => [e.field, JSON.parse(e.json).status])).toEqual([['OPU', 'UPDATED']]);
    w.positions = [];
    expect(watcher.poll().map((e) => [e.field, JSON.parse(e.json).status])).toEqual([['OPU', 'DELETED']]);
    openPosition(w, 'SIMCFD1', marketOrder({ dealReference: 'UNIT-2' }), w.now());
    watcher.rebase();
    expect(watcher.poll()).toEqual([]);
  });
});
