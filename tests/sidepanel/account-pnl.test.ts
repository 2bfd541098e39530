// Positions' profit and loss in the account's currency: the rate (IG's own, else a currency market's mid),
// the converted rows and one total, the rate's age, and no figure where no rate is known.
import { describe, expect, it } from 'vitest';
import type { MarketDetails } from '../../lib/api/schemas/market';
import { factsFromDetails } from '../../lib/background/sources/views';
import type { Fresh, MarketFacts, PositionView } from '../../lib/model';
import {
  accountPnl,
  type ConversionRate,
  chooseRates,
  currencyMarketEpics,
  igRate,
  marketRate,
  rateText,
  wantMarketRate,
} from '../../lib/sidepanel/account-pnl';
import { fixtureJson } from '../helpers/api-fixtures';
import { quote } from './fixtures';

const NOW = Date.UTC(2026, 10, 26, 14);
const MIN = 60_000;

function facts(path: string, fetchedAt = NOW): Fresh<MarketFacts> {
  return { value: factsFromDetails(fixtureJson(path) as MarketDetails), fetchedAt, stale: false };
}

type Row = Pick<PositionView, 'dealId' | 'currency' | 'profitLoss'>;
const row = (dealId: string, currency: string, profitLoss: number | null): Row => ({ dealId, currency, profitLoss });

describe("IG's own rate from a market's details", () => {
  it("reads baseExchangeRate from IG's reply: a GBP account's EUR market", () => {
    // trading-ig/markets_epic.json: GBP (isDefault) at 1.0, EUR at 1.195885 per pound.
    const rate = igRate(facts('trading-ig/markets_epic.json'), 'EUR', 'GBP');
    expect(rate).toMatchObject({ from: 'EUR', to: 'GBP', perAccountUnit: 1.195885, source: 'ig' });
    expect(rate?.epic).toBe('CO.D.CFI.Month2.IP');
    // 119.59 EUR of profit is 100.00 GBP.
    const pnl = accountPnl([row('A', 'EUR', 119.59)], 'GBP', new Map([['EUR', rate as ConversionRate]]));
    expect(pnl.rows.get('A')).toBe(100);
    expect(pnl.total).toBe(100);
  });

  it("gives no rate from details converted to another account's currency", () => {
    // The same details (GBP at 1.0) cannot convert into EUR for a EUR account.
    expect(igRate(facts('trading-ig/markets_epic.json'), 'GBP', 'EUR')).toBeNull();
  });

  it('keeps only well-formed currencies from the reply', () => {
    const details = fixtureJson('trading-ig/markets_epic.json') as MarketDetails;
    const bad = {
      ...details,
      instrument: {
        ...details.instrument,
        currencies: [
          { code: 'usd', baseExchangeRate: 1.3 },
          { code: 'CHF', baseExchangeRate: 0 },
          { code: 'JPY', baseExchangeRate: null },
          { code: 'AUD', baseExchangeRate: 1.9 },
        ],
      },
    } as MarketDetails;
    expect(factsFromDetails(bad).exchangeRates).toEqual([{ code: 'AUD', perAccountUnit: 1.9 }]);
  });
});

describe("a currency market's rate", () => {
  it('converts with the pair as quoted (1 EUR = mid USD for USD into EUR)', () => {
    const q = quote('CS.D.EURUSD.CFD.IP', { bid: 1.0841, offer: 1.0843, updatedAt: NOW - 2_000 });
    const rate = marketRate(q, 'USD', 'EUR');
    expect(rate?.perAccountUnit).toBeCloseTo(1.0842, 10);
    const pnl = accountPnl([row('A', 'USD', 108.42)], 'EUR', new Map([['USD', rate as ConversionRate]]));
    expect(pnl.rows.get('A')).toBe(100);
  });

  it('converts with the inverse pair (GBP/USD converts GBP into a USD account)', () => {
    const q = quote('CS.D.GBPUSD.MINI.IP', { bid: 1.2704, offer: 1.2706, updatedAt: NOW });
    const rate = marketRate(q, 'GBP', 'USD');
    expect(rate?.perAccountUnit).toBeCloseTo(1 / 1.2705, 12);
    const pnl = accountPnl([row('A', 'GBP', 100)], 'USD', new Map([['GBP', rate as ConversionRate]]));
    expect(pnl.rows.get('A')).toBe(127.05);
    expect(rateText(rate as ConversionRate, NOW)).toBe('1 USD = 0.787092 GBP · CS.D.GBPUSD.MINI.IP mid, just now');
  });

  it("reads a spread-bet daily market's points through its scaling factor", () => {
    const q = quote('CS.D.GBPUSD.TODAY.IP', { bid: 12704, offer: 12706, scalingFactor: 10000, updatedAt: NOW });
    expect(marketRate(q, 'USD', 'GBP')?.perAccountUnit).toBeCloseTo(1.2705, 10);
    expect(marketRate({ ...q, scalingFactor: undefined }, 'USD', 'GBP')).toBeNull();
  });

  it('gives no rate from another pair, another market or a missing price', () => {
    expect(marketRate(quote('CS.D.EURUSD.CFD.IP'), 'JPY', 'EUR')).toBeNull();
    expect(marketRate(quote('IX.D.FTSE.DAILY.IP'), 'USD', 'GBP')).toBeNull();
    expect(marketRate(quote('CS.D.EURUSD.CFD.IP', { bid: null }), 'USD', 'EUR')).toBeNull();
  });
});

describe('choosing the rates', () => {
  it("prefers IG's own rate to a market's, and takes a market's where IG's reply has none", () => {
    const ig = facts('trading-ig/markets_epic.json', NOW - 10 * MIN);
    const quotes = [
      quote('CS.D.EURGBP.CFD.IP', { bid: 0.8532, offer: 0.8534, updatedAt: NOW }),
      quote('CS.D.GBPUSD.CFD.IP', { bid: 1.2704, offer: 1.2706, updatedAt: NOW }),
    ];
    const rates = chooseRates([row('A', 'EUR', 1), row('B', 'USD', 1), row('C', 'GBP', 1)], 'GBP', [ig], quotes, NOW);
    expect(rates.get('EUR')).toMatchObject({ source: 'ig', perAccountUnit: 1.195885 });
    expect(rates.get('USD')).toMatchObject({ source: 'market', epic: 'CS.D.GBPUSD.CFD.IP' });
    expect(rates.has('GBP')).toBe(false);
    expect(wantMarketRate([row('A', 'EUR', 1), row('B', 'CHF', 1)], 'GBP', rates, NOW)).toEqual(['CHF']);
  });

  it("lets a fresher currency market replace IG's rate once that is an hour old, and watches for one", () => {
    const old = facts('trading-ig/markets_epic.json', NOW - 2 * 60 * MIN);
    const eurgbp = quote('CS.D.EURGBP.CFD.IP', { bid: 0.8532, offer: 0.8534, updatedAt: NOW - 1_000 });
    const positions = [row('A', 'EUR', 1)];
    const withoutMarket = chooseRates(positions, 'GBP', [old], [], NOW);
    expect(withoutMarket.get('EUR')?.source).toBe('ig');
    expect(wantMarketRate(positions, 'GBP', withoutMarket, NOW)).toEqual(['EUR']);
    const withMarket = chooseRates(positions, 'GBP', [old], [eurgbp], NOW);
    expect(withMarket.get('EUR')).toMatchObject({ source: 'market', epic: 'CS.D.EURGBP.CFD.IP' });
    expect(wantMarketRate(positions, 'GBP', withMarket, NOW)).toEqual([]);
    // Within the hour IG's own rate stands.
    const recent = facts('trading-ig/markets_epic.json', NOW - 10 * MIN);
    expect(chooseRates(positions, 'GBP', [recent], [eurgbp], NOW).get('EUR')?.source).toBe('ig');
  });

  it("names IG's currency markets the way they quote the pair", () => {
    expect(currencyMarketEpics('USD', 'EUR')).toEqual(['CS.D.EURUSD.CFD.IP', 'CS.D.EURUSD.TODAY.IP']);
    expect(currencyMarketEpics('GBP', 'USD')).toEqual(['CS.D.GBPUSD.CFD.IP', 'CS.D.GBPUSD.TODAY.IP']);
    expect(currencyMarketEpics('JPY', 'USD')[0]).toBe('CS.D.USDJPY.CFD.IP');
    expect(currencyMarketEpics('SEK', 'USD')[0]).toBe('CS.D.USDSEK.CFD.IP');
  });
});

describe("the account's total", () => {
  const rates = new Map<string, ConversionRate>([
    ['USD', { from: 'USD', to: 'EUR', perAccountUnit: 1.088608, source: 'ig', epic: 'CS.D.EURUSD.MINI.IP', at: NOW }],
    ['JPY', { from: 'JPY', to: 'EUR', perAccountUnit: 162.264151, source: 'ig', epic: 'CS.D.USDJPY.MINI.IP', at: NOW }],
  ]);

  it('adds positions in several currencies into one figure in the account currency', () => {
    const pnl = accountPnl([row('A', 'USD', 217.72), row('B', 'JPY', -16226.42), row('C', 'EUR', 12.5)], 'EUR', rates);
    expect(Object.fromEntries(pnl.rows)).toEqual({ A: 200, B: -100, C: 12.5 });
    expect(pnl.total).toBe(112.5);
    expect(pnl.missingRates).toEqual([]);
  });

  it('shows no total, and names the currency, when a position has no rate', () => {
    const pnl = accountPnl([row('A', 'USD', 217.72), row('B', 'CHF', 50)], 'EUR', rates);
    expect(pnl.rows.get('A')).toBe(200);
    expect(pnl.rows.get('B')).toBeNull();
    expect(pnl.total).toBeNull();
    expect(pnl.missingRates).toEqual(['CHF']);
  });

  it('shows no total while a position has no price, without calling it a missing rate', () => {
    const pnl = accountPnl([row('A', 'EUR', 10), row('B', 'USD', null)], 'EUR', rates);
    expect(pnl.total).toBeNull();
    expect(pnl.missingRates).toEqual([]);
  });
});

describe("the rate's text", () => {
  const rate: ConversionRate = {
    from: 'EUR',
    to: 'GBP',
    perAccountUnit: 1.195885,
    source: 'ig',
    epic: 'CO.D.CFI.Month2.IP',
    at: NOW - 3 * MIN,
  };

  it('says which rate and how old it is', () => {
    expect(rateText(rate, NOW)).toBe("1 GBP = 1.195885 EUR · IG's rate, 3 min ago");
  });

  it('says a rate read hours ago is old', () => {
    expect(rateText({ ...rate, at: NOW - 5 * 60 * MIN }, NOW)).toBe("1 GBP = 1.195885 EUR · IG's rate, 5 h ago (old)");
  });
});
