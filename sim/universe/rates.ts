import { SESSIONS } from './hours';
import type { MarketSpec } from './types';

/** [code, name, price, currency, daily vol] */
const RATES: [string, string, number, string, number][] = [
  ['FGBL', 'German Bund', 131.52, 'EUR', 0.004],
  ['FGBM', 'German Bobl', 117.21, 'EUR', 0.002],
  ['FGBS', 'German Schatz', 105.84, 'EUR', 0.001],
  ['FLG', 'UK Long Gilt', 98.47, 'GBP', 0.004],
  ['10YEAR100', 'US 10-Year T-Note', 110.56, 'USD', 0.004],
  ['30YEAR', 'US T-Bond', 117.31, 'USD', 0.008],
  ['5YEAR', 'US 5-Year T-Note', 107.42, 'USD', 0.003],
  ['JGB', 'Japanese Government Bond', 145.12, 'JPY', 0.002],
  ['FOAT', 'French OAT', 127.05, 'EUR', 0.004],
  ['FBTP', 'Italian BTP', 118.33, 'EUR', 0.005],
];

export function rateMarkets(startMs: number, expiry: (startMs: number, ahead: number) => string): MarketSpec[] {
  return RATES.map(([code, name, price, currency, vol]) => ({
    epic: `IR.D.${code}.Month1.IP`,
    marketId: code,
    name,
    instrumentType: 'RATES',
    category: 'RATES',
    expiry: expiry(startMs, 1),
    currency,
    p0: price,
    vol,
    spread: 0.02,
    decimals: 2,
    scalingFactor: 100,
    lotSize: 1,
    pointValue: 1000,
    unit: 'AMOUNT',
    minDealSize: 1,
    minStopDistance: 5,
    marginFactor: 3,
    sessions: SESSIONS.rates,
    streaming: true,
    exchangeId: `IR_${code}`,
    newsCode: code,
    chartCode: null,
    country: null,
    baseVolume: 20000,
  }));
}
