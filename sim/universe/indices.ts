import { SESSIONS } from './hours';
import type { MarketSpec } from './types';

/** [code, marketId, name, level, currency, symbol, daily vol, spread, exchange-hours?] */
const INDICES: [string, string, string, number, string, string, number, number, boolean?][] = [
  ['FTSE', 'FT100', 'FTSE 100', 7652.4, 'GBP', '£', 0.009, 1],
  ['DAX', 'DE30', 'Germany 40', 15912.3, 'EUR', '€', 0.011, 1.2],
  ['CAC', 'FR40', 'France 40', 7351.8, 'EUR', '€', 0.011, 1],
  ['DOW', 'WALL', 'Wall Street', 38512.6, 'USD', '$', 0.01, 2.4],
  ['SPTRD', 'US500', 'US 500', 5004.2, 'USD', '$', 0.011, 0.4],
  ['NASDAQ', 'USTECH', 'US Tech 100', 17803.5, 'USD', '$', 0.014, 1],
  ['RUSSELL', 'US2000', 'US Russell 2000', 2012.7, 'USD', '$', 0.015, 0.3],
  ['NIKKEI', 'JP225', 'Japan 225', 38021, 'JPY', '¥', 0.013, 7],
  ['HANGSENG', 'HK50', 'Hong Kong HS50', 16503.4, 'HKD', 'HK$', 0.016, 6],
  ['ASX', 'AU200', 'Australia 200', 7603.1, 'AUD', 'A$', 0.009, 1],
  ['STXE', 'EU50', 'EU Stocks 50', 4801.2, 'EUR', '€', 0.011, 2],
  ['IBEX', 'ES35', 'Spain 35', 10102.5, 'EUR', '€', 0.012, 5],
  ['MIB', 'IT40', 'Italy 40', 33004, 'EUR', '€', 0.013, 8],
  ['AEX', 'NL25', 'Netherlands 25', 850.42, 'EUR', '€', 0.01, 0.2],
  ['SMI', 'SWISS', 'Switzerland 20', 11302.1, 'CHF', 'CHF', 0.008, 3],
  ['XINHUA', 'CN50', 'China A50', 12004.5, 'USD', '$', 0.014, 8],
  ['SAF', 'SA40', 'South Africa 40', 75012, 'ZAR', 'R', 0.012, 20, true],
  ['FT250', 'FT250', 'FTSE 250', 19502.3, 'GBP', '£', 0.01, 12],
  ['VIX', 'VIX', 'Volatility Index', 14.32, 'USD', '$', 0.05, 0.05],
  ['MDAX', 'DEMID', 'Germany Mid-Cap 50', 26003.1, 'EUR', '€', 0.012, 20],
  ['BEL', 'BE20', 'Belgium 20', 3702.4, 'EUR', '€', 0.01, 4],
  ['NIFTY', 'IN50', 'India 50', 22011.5, 'USD', '$', 0.01, 6],
];

export function indexMarkets(): MarketSpec[] {
  const out: MarketSpec[] = [];
  for (const [code, marketId, name, level, currency, symbol, vol, spread, exchangeHours] of INDICES) {
    const decimals = level < 100 ? 2 : level < 1000 ? 2 : 1;
    const common = {
      marketId,
      instrumentType: 'INDICES' as const,
      category: 'INDICES',
      expiry: '-',
      currency,
      p0: level,
      vol,
      spread,
      decimals,
      scalingFactor: 1,
      unit: 'AMOUNT' as const,
      minStopDistance: Math.max(1, Math.round(spread * 4)),
      marginFactor: 5,
      sessions: exchangeHours ? SESSIONS.exchangeIndex : SESSIONS.index,
      streaming: true,
      exchangeId: `IX_${code}`,
      newsCode: `.${code}`,
      chartCode: code,
      country: null,
      baseVolume: 150000,
    };
    out.push({ ...common, epic: `IX.D.${code}.DAILY.IP`, name, lotSize: 1, pointValue: 1, minDealSize: 0.5 });
    out.push({
      ...common,
      epic: `IX.D.${code}.IDF.IP`,
      name: `${name} Cash (${symbol}10)`,
      lotSize: 10,
      pointValue: 10,
      minDealSize: 0.1,
    });
  }
  return out;
}
