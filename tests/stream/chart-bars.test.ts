import { describe, expect, it } from 'vitest';
import { chartItemFor, chartOfItem, emptyBarState, mergeBar, scaleFor } from '../../lib/stream/chart-bars';

const T = Date.UTC(2026, 0, 7, 15, 4);
const EPIC = 'CS.D.EURUSD.CFD.IP';

/** A full first update (the snapshot) of a 1-minute candle. */
const snapshot = (t = T, consEnd = '0') => ({
  UTM: String(t),
  BID_OPEN: '1.1000',
  BID_HIGH: '1.1010',
  BID_LOW: '1.0990',
  BID_CLOSE: '1.1004',
  OFR_OPEN: '1.1002',
  OFR_HIGH: '1.1012',
  OFR_LOW: '1.0992',
  OFR_CLOSE: '1.1006',
  LTV: '42',
  CONS_END: consEnd,
});

const first = () => {
  const m = mergeBar(emptyBarState, snapshot());
  if (!m) throw new Error('refused');
  return m;
};

describe('streamed chart bars', () => {
  it('maps the resolutions the stream has to its scales, and no others', () => {
    expect(scaleFor('SECOND')).toBe('SECOND');
    expect(scaleFor('MINUTE')).toBe('1MINUTE');
    expect(scaleFor('MINUTE_5')).toBe('5MINUTE');
    expect(scaleFor('HOUR')).toBe('HOUR');
    for (const r of ['MINUTE_2', 'MINUTE_10', 'MINUTE_15', 'HOUR_4', 'DAY', 'WEEK', 'MONTH'] as const)
      expect(scaleFor(r)).toBeNull();
    expect(chartItemFor({ epic: EPIC, resolution: 'MINUTE' })).toBe(`CHART:${EPIC}:1MINUTE`);
    expect(chartItemFor({ epic: EPIC, resolution: 'DAY' })).toBeNull();
    expect(chartOfItem(`CHART:${EPIC}:5MINUTE`)).toEqual({ epic: EPIC, resolution: 'MINUTE_5' });
    expect(chartOfItem(`CHART:${EPIC}:TICK`)).toBeNull();
    expect(chartOfItem(`PRICE:ACC:${EPIC}`)).toBeNull();
  });

  it('a bar is the mid of the bid and offer candles, starting at UTM', () => {
    const m = first();
    expect(m.bar).toEqual({ t: T, open: 1.1001, high: 1.1011, low: 1.0991, close: 1.1005, volume: 42 });
    expect(m.closed).toBe(false);
  });

  it('an update carrying only what changed moves the last bar; the other fields stay', () => {
    const m = mergeBar(first().state, { BID_CLOSE: '1.1008', OFR_CLOSE: '1.1010', BID_HIGH: '1.1020' });
    expect(m?.bar.t).toBe(T);
    expect(m?.bar.close).toBeCloseTo(1.1009, 10);
    expect(m?.bar.high).toBeCloseTo(1.1016, 10);
    expect(m?.bar.open).toBeCloseTo(1.1001, 10);
    expect(m?.bar.low).toBeCloseTo(1.0991, 10);
  });

  it('a null price leaves the other side (as the history does); both null is no price', () => {
    const one = mergeBar(first().state, { BID_CLOSE: null });
    expect(one?.bar.close).toBe(1.1006);
    const none = mergeBar(one!.state, { OFR_CLOSE: null, LTV: null });
    expect(none?.bar.close).toBeNull();
    expect(none?.bar.volume).toBeNull();
  });

  it('a malformed price leaves that field as it was; a bar without a time, or gone by, is refused', () => {
    const m = mergeBar(first().state, { BID_CLOSE: 'abc', OFR_CLOSE: '1.1010' });
    expect(m?.bar.close).toBeCloseTo(1.1007, 10);
    expect(m?.state.fields.BID_CLOSE).toBe('1.1004');
    expect(mergeBar(emptyBarState, { ...snapshot(), UTM: 'soon' })).toBeNull();
    expect(mergeBar(emptyBarState, { ...snapshot(), UTM: null })).toBeNull();
    expect(mergeBar(emptyBarState, { ...snapshot(), UTM: '-5' })).toBeNull();
    expect(mergeBar(emptyBarState, { ...snapshot(), UTM: '1e400' })).toBeNull();
    expect(mergeBar(first().state, { UTM: String(T - 60_000), BID_CLOSE: '1.2' })).toBeNull();
  });

  it('CONS_END 1 closes the bar; the next start is a new bar', () => {
    const closed = mergeBar(first().state, { BID_CLOSE: '1.1003', CONS_END: '1' });
    expect(closed?.closed).toBe(true);
    expect(closed?.bar.t).toBe(T);
    const next = mergeBar(closed!.state, { UTM: String(T + 60_000), BID_OPEN: '1.1003', CONS_END: '0' });
    expect(next?.bar.t).toBe(T + 60_000);
    expect(next?.closed).toBe(false);
    // Fields the new bar's update left out are as the service last sent them.
    expect(next?.bar.close).toBeCloseTo(1.10045, 10);
  });

  it('a new start without the close seen starts a new bar, open like the one before', () => {
    const moved = mergeBar(first().state, { BID_CLOSE: '1.1008', OFR_CLOSE: '1.1010' });
    const next = mergeBar(moved!.state, { UTM: String(T + 120_000), BID_OPEN: '1.1008', OFR_OPEN: '1.1010' });
    expect(next?.bar.t).toBe(T + 120_000);
    expect(next?.closed).toBe(false);
    expect(next?.bar.open).toBeCloseTo(1.1009, 10);
  });

  it('every SECOND bar is complete: CONS_END stays 1 across bars that do not repeat it', () => {
    const a = mergeBar(emptyBarState, snapshot(T, '1'));
    const b = mergeBar(a!.state, { UTM: String(T + 1000), BID_CLOSE: '1.1005' });
    expect(b?.closed).toBe(true);
    expect(b?.bar.t).toBe(T + 1000);
  });
});
