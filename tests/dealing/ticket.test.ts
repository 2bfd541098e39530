import { describe, expect, it } from 'vitest';
import { sizeStep, type TicketInput, toLevel, validateTicket } from '../../lib/dealing/ticket';
import type { MarketFacts } from '../../lib/model';

const facts: MarketFacts = {
  epic: 'IX.D.FTSE.DAILY.IP',
  marketId: 'FT100',
  name: 'FTSE 100',
  instrumentType: 'INDICES',
  expiry: 'DFB',
  currency: 'GBP',
  lotSize: 1,
  marginFactor: 5,
  marginFactorUnit: 'PERCENTAGE',
  valueOfOnePip: '1.00',
  onePipMeans: 'Index Point 1',
  openingHours: null,
  stopsLimitsAllowed: true,
  controlledRiskAllowed: true,
  dealingRules: {
    minDealSize: { unit: 'POINTS', value: 0.5 },
    minStepDistance: { unit: 'POINTS', value: 1 },
    minNormalStopOrLimitDistance: { unit: 'POINTS', value: 8 },
    minControlledRiskStopDistance: { unit: 'POINTS', value: 40 },
    maxStopOrLimitDistance: { unit: 'PERCENTAGE', value: 75 },
    marketOrderPreference: 'AVAILABLE_DEFAULT_ON',
    trailingStopsPreference: 'AVAILABLE',
  },
};
const prices = { bid: 7500, offer: 7501 };

function input(patch: Partial<TicketInput> = {}): TicketInput {
  return {
    epic: facts.epic,
    direction: 'BUY',
    size: 1,
    orderType: 'MARKET',
    level: null,
    stop: null,
    limit: null,
    ...patch,
  };
}

function fields(result: ReturnType<typeof validateTicket>) {
  return result.ok ? [] : result.issues.map((i) => i.field);
}

describe('deal ticket validation', () => {
  it('accepts a plain market buy and fills in the currency and expiry from the market', () => {
    const result = validateTicket(input(), facts, prices);
    expect(result).toEqual({
      ok: true,
      ticket: {
        epic: facts.epic,
        direction: 'BUY',
        size: 1,
        orderType: 'MARKET',
        level: null,
        currencyCode: 'GBP',
        expiry: 'DFB',
        stop: null,
        limit: null,
      },
    });
  });

  it('refuses a size below the minimum deal size', () => {
    const result = validateTicket(input({ size: 0.4 }), facts, prices);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]).toEqual({
      field: 'size',
      message: 'The minimum size on this market is 0.5.',
    });
  });

  it('refuses a size off the step and an empty size', () => {
    expect(sizeStep(facts)).toBe(0.01);
    expect(fields(validateTicket(input({ size: 1.005 }), facts, prices))).toEqual(['size']);
    expect(fields(validateTicket(input({ size: null }), facts, prices))).toEqual(['size']);
    expect(validateTicket(input({ size: 1.01 }), facts, prices).ok).toBe(true);
  });

  it('uses a finer step when the minimum deal size is finer', () => {
    const fine = {
      ...facts,
      dealingRules: { ...facts.dealingRules, minDealSize: { unit: 'POINTS' as const, value: 0.001 } },
    };
    expect(sizeStep(fine)).toBe(0.001);
    expect(validateTicket(input({ size: 0.003 }), fine, prices).ok).toBe(true);
  });

  it('refuses a stop closer than the minimum distance, as a distance or as a level', () => {
    expect(fields(validateTicket(input({ stop: { mode: 'distance', value: 5 } }), facts, prices))).toEqual(['stop']);
    // A buy opens at the offer (7501): a stop level of 7495 is 6 points away.
    const close = validateTicket(input({ stop: { mode: 'level', value: 7495 } }), facts, prices);
    expect(!close.ok && close.issues[0]?.message).toBe('Stop is too close: at least 8 points from the deal level.');
    expect(validateTicket(input({ stop: { mode: 'level', value: 7493 } }), facts, prices).ok).toBe(true);
  });

  it('refuses a limit on the wrong side of the deal level', () => {
    const buy = validateTicket(input({ limit: { mode: 'level', value: 7400 } }), facts, prices);
    expect(!buy.ok && buy.issues[0]?.message).toBe('A limit on a buy must be above the deal level (7,501).');
    const sell = validateTicket(input({ direction: 'SELL', limit: { mode: 'level', value: 7600 } }), facts, prices);
    expect(fields(sell)).toEqual(['limit']);
    expect(validateTicket(input({ direction: 'SELL', limit: { mode: 'level', value: 7400 } }), facts, prices).ok).toBe(
      true,
    );
  });

  it('refuses a stop on the wrong side for a sell (a sell stop is above the bid)', () => {
    expect(
      fields(validateTicket(input({ direction: 'SELL', stop: { mode: 'level', value: 7450 } }), facts, prices)),
    ).toEqual(['stop']);
  });

  it('refuses a stop further than the percentage maximum', () => {
    // 75% of 7501 is 5625.75 points.
    expect(fields(validateTicket(input({ stop: { mode: 'distance', value: 6000 } }), facts, prices))).toEqual(['stop']);
  });

  it('measures a limit order from its own level', () => {
    const order = input({ orderType: 'LIMIT', level: 7000, stop: { mode: 'level', value: 6995 } });
    expect(fields(validateTicket(order, facts, prices))).toEqual(['stop']);
    expect(fields(validateTicket(input({ orderType: 'LIMIT', level: null }), facts, prices))).toEqual(['level']);
    const ok = validateTicket(input({ orderType: 'LIMIT', level: 7000 }), facts, { bid: null, offer: null });
    expect(ok.ok && ok.ticket.level).toBe(7000);
  });

  it('needs a price for a market order', () => {
    expect(fields(validateTicket(input(), facts, { bid: 7500, offer: null }))).toEqual(['market']);
    expect(validateTicket(input({ direction: 'SELL' }), facts, { bid: 7500, offer: null }).ok).toBe(true);
  });

  it('refuses stops and limits on a market that does not accept them', () => {
    const noStops = { ...facts, stopsLimitsAllowed: false };
    expect(fields(validateTicket(input({ limit: { mode: 'distance', value: 20 } }), noStops, prices))).toEqual([
      'limit',
    ]);
  });

  it('refuses a market without a dealing currency', () => {
    expect(fields(validateTicket(input(), { ...facts, currency: null }, prices))).toEqual(['market']);
  });

  it('turns distances into levels on the right side', () => {
    expect(toLevel('stop', { mode: 'distance', value: 10 }, 'BUY', 7501)).toBe(7491);
    expect(toLevel('limit', { mode: 'distance', value: 10 }, 'BUY', 7501)).toBe(7511);
    expect(toLevel('stop', { mode: 'distance', value: 10 }, 'SELL', 7500)).toBe(7510);
    expect(toLevel('limit', { mode: 'distance', value: 10 }, 'SELL', 7500)).toBe(7490);
  });
});
