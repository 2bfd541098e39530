import { describe, expect, it } from 'vitest';
import type { PositionView, WorkingOrderView } from '../../lib/model';
import { distanceToLevel, profitLossOf, repricePositions, totalsByCurrency } from '../../lib/sidepanel/positions';
import { trendShape } from '../../lib/sidepanel/trend';
import { quote } from './fixtures';

describe('trendShape', () => {
  it('needs two readings', () => {
    expect(trendShape([], 100, 50)).toBeNull();
    expect(trendShape([{ t: 1, long: 50 }], 100, 50)).toBeNull();
  });

  it('fits small moves with room to spare and marks 50% when inside', () => {
    const shape = trendShape(
      [
        { t: 0, long: 48 },
        { t: 10, long: 52 },
      ],
      100,
      40,
    );
    expect([shape?.low, shape?.high]).toEqual([40, 60]);
    expect(shape?.path).toBe('M0.0,24.0L100.0,16.0');
    expect(shape?.midY).toBe(20);
    expect(
      trendShape(
        [
          { t: 0, long: 70 },
          { t: 1, long: 80 },
        ],
        100,
        40,
      )?.midY,
    ).toBeNull();
  });

  it('draws time left to right and higher long percentages higher, whatever the input order', () => {
    const shape = trendShape(
      [
        { t: 3000, long: 100 },
        { t: 1000, long: 0 },
        { t: 2000, long: 50 },
      ],
      100,
      50,
    );
    expect(shape?.path).toBe('M0.0,50.0L50.0,25.0L100.0,0.0');
    expect(shape?.first.long).toBe(0);
    expect(shape?.last.long).toBe(100);
    expect([shape?.min, shape?.max]).toEqual([0, 100]);
  });
});

function position(patch: Partial<PositionView>): PositionView {
  return {
    dealId: 'D1',
    dealReference: null,
    epic: 'CS.D.EURUSD.TODAY.IP',
    instrumentName: 'EUR/USD',
    direction: 'BUY',
    size: 2,
    level: 100,
    currency: 'GBP',
    stopLevel: null,
    limitLevel: null,
    createdAt: null,
    bid: 104,
    offer: 105,
    marketStatus: 'TRADEABLE',
    valuePerMove: 10,
    profitLoss: null,
    ...patch,
  };
}

describe('profit and loss', () => {
  it('prices a buy at the bid and a sell at the offer, in money (move × value per move × size)', () => {
    expect(profitLossOf(position({}))).toBe(80);
    expect(profitLossOf(position({ direction: 'SELL' }))).toBe(-100);
    expect(profitLossOf(position({ bid: null }))).toBeNull();
    expect(profitLossOf(position({ valuePerMove: null }))).toBeNull();
  });

  it('reprices from newer quotes and totals per currency, skipping unpriced positions', () => {
    const positions = [
      position({ dealId: 'A' }),
      position({ dealId: 'B', epic: 'X.X.X.X', direction: 'SELL', level: 50, size: 1, currency: 'USD' }),
      position({ dealId: 'C', epic: 'Y.Y.Y.Y', currency: 'USD', bid: null }),
    ];
    const repriced = repricePositions(
      positions,
      new Map([
        ['CS.D.EURUSD.TODAY.IP', quote('CS.D.EURUSD.TODAY.IP', { bid: 110, offer: 111 })],
        ['X.X.X.X', quote('X.X.X.X', { bid: 44, offer: 45, marketStatus: 'CLOSED' })],
      ]),
    );
    expect(repriced.map((p) => p.profitLoss)).toEqual([200, 50, null]);
    expect(repriced[1]?.marketStatus).toBe('CLOSED');
    expect(totalsByCurrency(repriced)).toEqual([
      { currency: 'GBP', total: 200 },
      { currency: 'USD', total: 50 },
    ]);
  });

  it('totals per currency only the rows with a money figure, to the cent', () => {
    const rows = [
      position({ dealId: 'A', profitLoss: 0.1 }),
      position({ dealId: 'B', profitLoss: 0.2 }),
      position({ dealId: 'C', profitLoss: null }),
      position({ dealId: 'D', profitLoss: -0.3 }),
    ];
    const [total] = totalsByCurrency(rows);
    expect(Object.is(total?.total, 0)).toBe(true);
    expect(totalsByCurrency([position({ profitLoss: 0.1 }), position({ profitLoss: 0.2 })])).toEqual([
      { currency: 'GBP', total: 0.3 },
    ]);
  });

  it('measures a working order from the price that would trigger it', () => {
    const order = { direction: 'BUY', level: 98, bid: 99, offer: 100 } as WorkingOrderView;
    expect(distanceToLevel(order)).toBe(-2);
    expect(distanceToLevel({ ...order, direction: 'SELL', level: 102 })).toBe(3);
  });
});
