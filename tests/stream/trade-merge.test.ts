import { describe, expect, it } from 'vitest';
import type { MarketQuote, PositionView, WorkingOrderView } from '../../lib/model';
import { applyOpu, applyWou } from '../../lib/stream/trade-merge';

const EPIC = 'CS.D.EURUSD.MINI.IP';
const quote = {
  epic: EPIC,
  instrumentName: 'EUR/USD Mini',
  bid: 1.1,
  offer: 1.1002,
  marketStatus: 'TRADEABLE',
  scalingFactor: 10000,
} as MarketQuote;
const opu = (o: Record<string, unknown>) =>
  JSON.stringify({
    dealId: 'D1',
    dealReference: 'R1',
    epic: EPIC,
    direction: 'BUY',
    status: 'OPEN',
    dealStatus: 'ACCEPTED',
    level: 1.09,
    size: 2,
    currency: 'USD',
    timestamp: '2026-11-18T15:00:00.000',
    stopLevel: null,
    limitLevel: 1.2,
    ...o,
  });

describe('TRADE updates applied to the positions and working orders', () => {
  it('an OPEN OPU adds the position, named and priced from the cached quote; a CFD has no money figure yet', () => {
    const rows = applyOpu([], opu({}), quote, { accountType: 'CFD' });
    expect(rows).toEqual([
      {
        dealId: 'D1',
        dealReference: 'R1',
        epic: EPIC,
        instrumentName: 'EUR/USD Mini',
        direction: 'BUY',
        size: 2,
        level: 1.09,
        currency: 'USD',
        stopLevel: null,
        limitLevel: 1.2,
        createdAt: Date.UTC(2026, 10, 18, 15),
        bid: 1.1,
        offer: 1.1002,
        marketStatus: 'TRADEABLE',
        valuePerMove: null,
        profitLoss: null,
      },
    ]);
  });

  it('on a spread-bet account a new position is valued with the cached quote’s scaling factor (points)', () => {
    const [row] = applyOpu([], opu({ currency: 'GBP' }), quote, { accountType: 'SPREADBET' });
    expect(row).toMatchObject({ valuePerMove: 10000, profitLoss: 200, currency: 'GBP' });
    expect(
      applyOpu([], opu({}), { ...quote, scalingFactor: undefined }, { accountType: 'SPREADBET' })[0]?.profitLoss,
    ).toBeNull();
  });

  it('a new CFD position is valued from the cached market’s contract size, or another row of its market', () => {
    const [cached] = applyOpu([], opu({}), quote, { accountType: 'CFD', contractSize: 10000 });
    expect(cached).toMatchObject({ valuePerMove: 10000, profitLoss: 200 });
    const sibling = { ...cached!, dealId: 'D0' };
    const [, second] = applyOpu([sibling], opu({ size: 1 }), quote, { accountType: 'CFD', contractSize: null });
    expect(second).toMatchObject({ dealId: 'D1', valuePerMove: 10000, profitLoss: 100 });
  });

  it('an update keeps the money value the REST read gave and reprices with the new size', () => {
    const fromRest: PositionView = {
      ...applyOpu([], opu({}), quote, { accountType: 'CFD' })[0]!,
      valuePerMove: 10000,
      profitLoss: 200,
    };
    const [row] = applyOpu(
      [fromRest],
      opu({ status: 'UPDATED', size: 3 }),
      { ...quote, bid: 1.0895 },
      { accountType: 'CFD' },
    );
    expect(row?.valuePerMove).toBe(10000);
    expect(row?.profitLoss).toBe(-15);
    const [flat] = applyOpu(
      [fromRest],
      opu({ status: 'UPDATED', size: 3 }),
      { ...quote, bid: 1.0899999 },
      { accountType: 'CFD' },
    );
    expect(Object.is(flat?.profitLoss, 0)).toBe(true);
  });

  it('UPDATED changes the position in place; DELETED removes it', () => {
    const open = applyOpu([], opu({}), quote);
    const amended = applyOpu(open, opu({ status: 'UPDATED', stopLevel: 1.05, size: 3 }), quote);
    expect(amended).toHaveLength(1);
    expect(amended[0]).toMatchObject({ stopLevel: 1.05, size: 3, limitLevel: 1.2, createdAt: open[0]?.createdAt });
    expect(applyOpu(amended, opu({ status: 'DELETED' }))).toEqual([]);
  });

  it('a malformed or rejected update changes nothing', () => {
    const rows: PositionView[] = applyOpu([], opu({}), quote);
    for (const bad of [
      '{',
      'null',
      '"x"',
      opu({ dealId: '' }),
      opu({ status: 'WHAT' }),
      opu({ dealStatus: 'REJECTED' }),
    ]) {
      expect(applyOpu(rows, bad)).toBe(rows);
    }
    expect(applyOpu(rows, null)).toBe(rows);
  });

  it('a WOU adds, amends and removes a working order', () => {
    const wou = (o: Record<string, unknown>) =>
      opu({ dealId: 'W1', orderType: 'STOP', timeInForce: 'GOOD_TILL_DATE', goodTillDate: '2026/12/01 12:00', ...o });
    const added: WorkingOrderView[] = applyWou([], wou({ stopDistance: 10 }), quote);
    expect(added[0]).toMatchObject({
      dealId: 'W1',
      orderType: 'STOP',
      level: 1.09,
      stopDistance: 10,
      instrumentName: 'EUR/USD Mini',
    });
    const moved = applyWou(added, wou({ status: 'UPDATED', level: 1.08 }));
    expect(moved[0]).toMatchObject({ level: 1.08, orderType: 'STOP' });
    expect(applyWou(moved, wou({ status: 'DELETED' }))).toEqual([]);
  });
});
