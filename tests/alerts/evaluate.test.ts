import { describe, expect, it } from 'vitest';
import { evaluate, markFired, rearm } from '../../lib/alerts';
import type { MarketStatus } from '../../lib/model';
import { localTime, quote, rule, sentiment } from './rule';

const noon = localTime(12, 0);

describe('price crossing (fires when the mid is at or through the target)', () => {
  it('an above rule stays quiet below the level and fires at and beyond it', () => {
    const r = rule({ kind: 'above', target: 1.085 });
    expect(evaluate(r, quote(1.084, 1.0846), null, noon)).toEqual({ fire: false, reason: 'not-reached' });
    expect(evaluate(r, quote(1.0849, 1.0851), null, noon)).toMatchObject({ fire: true, mid: 1.085 });
    expect(evaluate(r, quote(1.09, 1.0902), null, noon)).toMatchObject({ fire: true });
  });

  it('uses the mid, not the offer: an offer through the level with the mid short of it does not fire', () => {
    const r = rule({ kind: 'above', target: 1.085 });
    expect(evaluate(r, quote(1.0844, 1.0852), null, noon).fire).toBe(false);
  });

  it('a below rule fires at and under the level only', () => {
    const r = rule({ kind: 'below', target: 7400, epic: 'IX.D.FTSE.DAILY.IP' });
    expect(evaluate(r, quote(7401, 7402), null, noon).fire).toBe(false);
    expect(evaluate(r, quote(7399.5, 7400.5), null, noon)).toMatchObject({ fire: true, value: 7400 });
    expect(evaluate(r, quote(7300, 7301), null, noon).fire).toBe(true);
  });
});

describe('fires once, then waits to be re-armed', () => {
  it('a fired rule is disarmed with the time it fired and does not fire again through the level', () => {
    const r = rule({ kind: 'above', target: 1.085 });
    const now = noon + 5_000;
    expect(evaluate(r, quote(1.086, 1.0862), null, now).fire).toBe(true);
    const fired = markFired(r, now);
    expect(fired).toMatchObject({ armed: false, firedAt: now });
    expect(evaluate(fired, quote(1.087, 1.0872), null, now + 60_000)).toEqual({ fire: false, reason: 'disarmed' });
  });

  it('re-arming makes it fire again on the next check through the level', () => {
    const fired = markFired(rule({ kind: 'above', target: 1.085 }), noon);
    const again = rearm(fired, 1.08);
    expect(again).toMatchObject({ armed: true, firedAt: null, reference: null });
    expect(evaluate(again, quote(1.0851, 1.0853), null, noon).fire).toBe(true);
  });

  it('re-arming a move rule measures from the mid at re-arm time', () => {
    const fired = markFired(rule({ kind: 'move-pct', target: 1, reference: 100 }), noon);
    const again = rearm(fired, 110);
    expect(again.reference).toBe(110);
    expect(evaluate(again, quote(110.5, 110.5), null, noon).fire).toBe(false);
    expect(evaluate(again, quote(111.1, 111.1), null, noon).fire).toBe(true);
  });
});

describe('never on a missing or zero price', () => {
  const r = rule({ kind: 'below', target: 1.09 });
  it.each([
    ['no quote at all', null],
    ['no bid', quote(null, 1.08)],
    ['no offer', quote(1.08, null)],
    ['a zero bid', quote(0, 1.08)],
    ['a zero offer', quote(1.08, 0)],
    ['both zero', quote(0, 0)],
    ['a NaN price', quote(Number.NaN, 1.08)],
  ])('%s', (_label, q) => {
    expect(evaluate(r, q, null, noon)).toEqual({ fire: false, reason: 'no-price' });
  });
});

describe('never while the market is closed', () => {
  const r = rule({ kind: 'above', target: 1.085 });
  const through = [1.09, 1.0902] as const;
  it.each<MarketStatus>(['CLOSED', 'OFFLINE', 'SUSPENDED', 'ON_AUCTION', 'ON_AUCTION_NO_EDITS', 'UNKNOWN'])(
    '%s',
    (status) => {
      expect(evaluate(r, quote(...through, status), null, noon)).toEqual({ fire: false, reason: 'closed' });
    },
  );
  it.each<MarketStatus>(['TRADEABLE', 'EDITS_ONLY', 'CLOSINGS_ONLY', 'DEAL_NO_EDIT'])('fires when %s', (status) => {
    expect(evaluate(r, quote(...through, status), null, noon).fire).toBe(true);
  });
  it('sentiment rules also wait for the market to open', () => {
    const s = rule({ kind: 'sentiment-long-above', target: 70 });
    expect(evaluate(s, quote(1.08, 1.081, 'CLOSED'), sentiment(80), noon).fire).toBe(false);
  });
});

describe('percentage moves from the mid when armed', () => {
  const r = rule({ kind: 'move-pct', target: 2, reference: 100 });
  it('fires on a move of at least the target either way', () => {
    expect(evaluate(r, quote(101.9, 102), null, noon).fire).toBe(false);
    expect(evaluate(r, quote(101.9, 102.1), null, noon)).toMatchObject({ fire: true, value: 2, mid: 102 });
    expect(evaluate(r, quote(97.9, 98.1), null, noon)).toMatchObject({ fire: true, value: -2 });
    expect(evaluate(r, quote(98.1, 98.3), null, noon).fire).toBe(false);
  });
  it('without a reference it does not fire and offers the current mid as its reference', () => {
    const none = rule({ kind: 'move-pct', target: 2, reference: null });
    expect(evaluate(none, quote(150, 152), null, noon)).toEqual({
      fire: false,
      reason: 'no-reference',
      reference: 151,
    });
  });
});

describe('client sentiment thresholds', () => {
  const q = quote(1.08, 1.0802);
  it('long above fires at or over the percentage', () => {
    const r = rule({ kind: 'sentiment-long-above', target: 75 });
    expect(evaluate(r, q, sentiment(74.9), noon).fire).toBe(false);
    expect(evaluate(r, q, sentiment(75), noon)).toMatchObject({ fire: true, value: 75 });
    expect(evaluate(r, q, sentiment(81), noon).fire).toBe(true);
  });
  it('long below fires at or under the percentage', () => {
    const r = rule({ kind: 'sentiment-long-below', target: 30 });
    expect(evaluate(r, q, sentiment(31), noon).fire).toBe(false);
    expect(evaluate(r, q, sentiment(29), noon).fire).toBe(true);
  });
  it('no reading, or IG’s 0/0 answer for an unknown market id, never fires', () => {
    const r = rule({ kind: 'sentiment-long-below', target: 30 });
    expect(evaluate(r, q, null, noon)).toEqual({ fire: false, reason: 'no-sentiment' });
    const zero = { marketId: 'EURUSD', longPositionPercentage: 0, shortPositionPercentage: 0 };
    expect(evaluate(r, q, zero, noon)).toEqual({ fire: false, reason: 'no-sentiment' });
  });
  it('needs no two-sided price, only an open market', () => {
    const r = rule({ kind: 'sentiment-long-above', target: 60 });
    expect(evaluate(r, quote(null, null), sentiment(65), noon).fire).toBe(true);
  });
});

describe('quiet window (local HH:MM, from inclusive, to exclusive)', () => {
  const through = quote(1.09, 1.0902);
  it('holds a reached rule inside a daytime window and fires after it', () => {
    const r = rule({ quiet: { from: '12:00', to: '13:30' } });
    expect(evaluate(r, through, null, localTime(11, 59)).fire).toBe(true);
    expect(evaluate(r, through, null, localTime(12, 0))).toEqual({ fire: false, reason: 'quiet' });
    expect(evaluate(r, through, null, localTime(13, 29))).toEqual({ fire: false, reason: 'quiet' });
    expect(evaluate(r, through, null, localTime(13, 30)).fire).toBe(true);
  });
  it('handles a window across midnight', () => {
    const r = rule({ quiet: { from: '22:00', to: '07:00' } });
    expect(evaluate(r, through, null, localTime(21, 59)).fire).toBe(true);
    expect(evaluate(r, through, null, localTime(22, 0)).fire).toBe(false);
    expect(evaluate(r, through, null, localTime(0, 0)).fire).toBe(false);
    expect(evaluate(r, through, null, localTime(6, 59)).fire).toBe(false);
    expect(evaluate(r, through, null, localTime(7, 0)).fire).toBe(true);
  });
  it('a window with equal ends is no window', () => {
    const r = rule({ quiet: { from: '09:00', to: '09:00' } });
    expect(evaluate(r, through, null, localTime(9, 0)).fire).toBe(true);
  });
  it('a rule not reached reports that, not the window', () => {
    const r = rule({ quiet: { from: '00:00', to: '23:59' } });
    expect(evaluate(r, quote(1.0, 1.0), null, noon)).toEqual({ fire: false, reason: 'not-reached' });
  });
});
