import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PositionsResponseSchema } from '../../lib/api/schemas/dealing';
import { MarketDetailsSchema } from '../../lib/api/schemas/market';
import { factsFromDetails } from '../../lib/background/sources/views';
import { accountTypeOf, positionView } from '../../lib/dealing/views';
import { formatChange } from '../../lib/format';
import { moneyText, totalsByCurrency } from '../../lib/sidepanel/positions';
import { profit } from '../../sim/money';
import { Universe } from '../../sim/universe';
import { fixtureJson } from '../helpers/api-fixtures';

const universe = new Universe(1, Date.UTC(2026, 0, 5));
const market = (epic: string) => {
  const m = universe.markets.find((x) => x.epic === epic);
  if (!m) throw new Error(`no ${epic} in the simulated universe`);
  return m;
};

/** A GET /positions v2 entry as IG (and the simulator) send it, parsed as the client parses it. */
function reply(o: {
  epic: string;
  direction: 'BUY' | 'SELL';
  size: number;
  level: number;
  bid: number;
  offer: number;
  currency: string;
  contractSize?: unknown;
  scalingFactor?: unknown;
}) {
  const body = {
    positions: [
      {
        position: {
          dealId: 'D1',
          direction: o.direction,
          size: o.size,
          level: o.level,
          currency: o.currency,
          ...('contractSize' in o ? { contractSize: o.contractSize } : {}),
        },
        market: {
          epic: o.epic,
          bid: o.bid,
          offer: o.offer,
          ...('scalingFactor' in o ? { scalingFactor: o.scalingFactor } : {}),
        },
      },
    ],
  };
  return v.parse(PositionsResponseSchema, body).positions[0]!;
}

describe('a position’s profit/loss in money, as IG reckons it', () => {
  it('IG’s captured EUR/USD CFD reply: a 0.5-pip gain on 2 contracts of 100,000 is +10.00 USD', () => {
    const body = v.parse(PositionsResponseSchema, fixtureJson('finance-ig/API/positions/GET_2.json'));
    const row = positionView(body.positions[0]!, 'CFD');
    expect(row.profitLoss).toBe(10);
    expect(moneyText(row.profitLoss, row.currency)).toBe('+10.00 USD');
  });

  // Each case against the simulator's own profit() for that market, in the market's currency.
  const cases: [string, 'BUY' | 'SELL', number, number, number][] = [
    ['CS.D.EURUSD.MINI.IP', 'BUY', 1.5, 1.0842, 1.0853],
    ['CS.D.EURUSD.CFD.IP', 'SELL', 2, 1.0842, 1.0838],
    ['IX.D.FTSE.DAILY.IP', 'SELL', 3, 7652.4, 7660.9],
    ['IX.D.FTSE.IDF.IP', 'BUY', 1, 7652.4, 7640.1],
    ['KA.D.VOD.CASH.IP', 'BUY', 1000, 72.5, 73.18],
    ['UA.D.AAPL.CASH.IP', 'SELL', 10, 189.84, 187.2],
  ];
  for (const type of ['CFD', 'SPREADBET'] as const) {
    for (const [epic, direction, size, level, close] of cases) {
      it(`${type} ${direction} ${size} ${epic} matches the simulator`, () => {
        const m = market(epic);
        const currency = type === 'CFD' ? m.currency : 'GBP';
        const row = positionView(
          reply({
            epic,
            direction,
            size,
            level,
            bid: close,
            offer: close,
            currency,
            contractSize: m.pointValue,
            scalingFactor: m.scalingFactor,
          }),
          type,
        );
        const expected = profit(m, type, currency, direction, size, level, close);
        expect(expected).not.toBe(0);
        expect(row.profitLoss).toBeCloseTo(expected, 2);
        expect(row.currency).toBe(currency);
      });
    }
  }

  it('EUR/USD Mini, 1 contract, 11 pips up: +11.00 USD on a CFD account and +£110.00 a spread bet at £10/pt', () => {
    const base = { epic: 'CS.D.EURUSD.MINI.IP', direction: 'BUY' as const, level: 1.0842, bid: 1.0853, offer: 1.0854 };
    const cfd = positionView(
      reply({ ...base, size: 1, currency: 'USD', contractSize: 10000, scalingFactor: 10000 }),
      'CFD',
    );
    expect(moneyText(cfd.profitLoss, cfd.currency)).toBe('+11.00 USD');
    const bet = positionView(
      reply({ ...base, size: 10, currency: 'GBP', contractSize: 1, scalingFactor: 10000 }),
      'SPREADBET',
    );
    expect(moneyText(bet.profitLoss, bet.currency)).toBe('+110.00 GBP');
  });

  it('keeps the contract size IG’s market details give (a string there), for positions the stream adds', () => {
    const details = v.parse(MarketDetailsSchema, fixtureJson('finance-ig/API/markets/CS.D.EURUSD.MINI.IP/GET_3.json'));
    expect(factsFromDetails(details).contractSize).toBe(10000);
    expect(
      factsFromDetails({ ...details, instrument: { ...details.instrument, contractSize: '-' } }).contractSize,
    ).toBeNull();
  });

  it('takes contractSize as IG sometimes sends it, a numeric string', () => {
    const row = positionView(
      reply({
        epic: 'X',
        direction: 'BUY',
        size: 2,
        level: 100,
        bid: 101,
        offer: 102,
        currency: 'EUR',
        contractSize: '25',
      }),
      'CFD',
    );
    expect(row.profitLoss).toBe(50);
  });

  it('gives no figure (never NaN or a points count) when what it needs is missing or malformed', () => {
    const base = { epic: 'X', direction: 'BUY' as const, size: 2, level: 100, bid: 101, offer: 102, currency: 'EUR' };
    const none = [
      positionView(reply({ ...base, scalingFactor: 1 }), 'CFD'),
      positionView(reply({ ...base, contractSize: 'lots' }), 'CFD'),
      positionView(reply({ ...base, contractSize: 0 }), 'CFD'),
      positionView(reply({ ...base, contractSize: null }), 'CFD'),
      positionView(reply({ ...base, contractSize: 1 }), 'SPREADBET'),
      positionView(reply({ ...base, contractSize: 1, scalingFactor: 'ten' }), 'SPREADBET'),
      positionView(reply({ ...base, contractSize: 1, scalingFactor: 1 }), null),
      positionView(reply({ ...base, contractSize: 1, scalingFactor: 1 }), 'PHYSICAL'),
    ];
    for (const row of none) {
      expect(row.profitLoss).toBeNull();
      expect(moneyText(row.profitLoss, row.currency)).toBe('–');
    }
    expect(totalsByCurrency(none)).toEqual([]);
  });

  it('a position at its opening price shows 0.00, never −0.00', () => {
    const row = positionView(
      reply({
        epic: 'X',
        direction: 'SELL',
        size: 3,
        level: 1.1,
        bid: 1.0999,
        offer: 1.10001,
        currency: 'USD',
        contractSize: 1,
      }),
      'CFD',
    );
    expect(Object.is(row.profitLoss, 0)).toBe(true);
    expect(moneyText(row.profitLoss, row.currency)).toBe('0.00 USD');
    expect(moneyText(-0, 'USD')).toBe('0.00 USD');
    expect(formatChange(-0.004, 2)).toBe('0.00');
    expect(formatChange(-0.005, 2)).toBe('−0.01');
  });

  it('reads the account type of the signed-in account from the login reply', () => {
    const info = {
      accountId: 'B',
      accounts: [
        { accountId: 'A', accountType: 'CFD' },
        { accountId: 'B', accountType: 'SPREADBET' },
      ],
    };
    expect(accountTypeOf(info)).toBe('SPREADBET');
    expect(accountTypeOf({ accountId: 'C', accounts: [{ accountId: 'C' }] })).toBeNull();
    expect(accountTypeOf(null)).toBeNull();
  });
});
