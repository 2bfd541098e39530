import { SESSIONS } from './hours';
import type { MarketSpec } from './types';

/** Currency pairs: [pair, rate, daily volatility]. Each has a CFD (100,000) and a Mini (10,000) contract. */
const PAIRS: [string, number, number][] = [
  ['EURUSD', 1.0842, 0.005],
  ['GBPUSD', 1.2705, 0.006],
  ['USDJPY', 150.21, 0.006],
  ['AUDUSD', 0.6612, 0.007],
  ['USDCAD', 1.3604, 0.005],
  ['USDCHF', 0.8811, 0.005],
  ['NZDUSD', 0.6105, 0.007],
  ['EURGBP', 0.8533, 0.004],
  ['EURJPY', 162.44, 0.006],
  ['GBPJPY', 190.71, 0.007],
  ['EURCHF', 0.9552, 0.004],
  ['AUDJPY', 99.12, 0.008],
  ['EURAUD', 1.6401, 0.006],
  ['EURCAD', 1.4722, 0.005],
  ['GBPCHF', 1.1203, 0.006],
  ['CADJPY', 110.34, 0.007],
  ['CHFJPY', 170.45, 0.006],
  ['AUDNZD', 1.0911, 0.004],
  ['GBPAUD', 1.9302, 0.006],
  ['GBPCAD', 1.7301, 0.005],
  ['EURNZD', 1.7804, 0.006],
  ['GBPNZD', 2.0903, 0.007],
  ['NZDJPY', 91.71, 0.008],
  ['AUDCAD', 0.9002, 0.005],
  ['AUDCHF', 0.5821, 0.006],
  ['CADCHF', 0.6502, 0.005],
  ['NZDCAD', 0.8301, 0.005],
  ['NZDCHF', 0.5403, 0.006],
  ['USDSEK', 10.512, 0.007],
  ['USDNOK', 10.7041, 0.007],
  ['USDDKK', 6.8802, 0.005],
  ['USDSGD', 1.3401, 0.003],
  ['USDHKD', 7.8201, 0.0005],
  ['USDMXN', 17.1203, 0.008],
  ['USDZAR', 18.6104, 0.009],
  ['USDTRY', 32.0105, 0.006],
  ['USDPLN', 4.0003, 0.006],
  ['EURSEK', 11.3102, 0.005],
  ['EURNOK', 11.6003, 0.005],
  ['EURPLN', 4.3304, 0.004],
];

const SYMBOL_NAMES: Record<string, string> = { USDHKD: 'USD/HKD', USDTRY: 'USD/TRY' };

export function currencyMarkets(): MarketSpec[] {
  const out: MarketSpec[] = [];
  for (const [pair, rate, vol] of PAIRS) {
    const base = pair.slice(0, 3);
    const quote = pair.slice(3);
    const jpy = quote === 'JPY';
    const decimals = jpy ? 3 : 5;
    const scalingFactor = jpy ? 100 : 10000;
    const pip = 1 / scalingFactor;
    const label = SYMBOL_NAMES[pair] ?? `${base}/${quote}`;
    const common = {
      marketId: pair,
      instrumentType: 'CURRENCIES' as const,
      category: 'CURRENCIES',
      expiry: '-',
      currency: quote,
      p0: rate,
      vol,
      decimals,
      scalingFactor,
      unit: 'CONTRACTS' as const,
      minStopDistance: 2,
      marginFactor: 3.33,
      sessions: SESSIONS.fx,
      streaming: true,
      exchangeId: 'FX_C_GCSI_ST',
      newsCode: `${base}=`,
      chartCode: pair,
      country: null,
    };
    const spread =
      pip * (['EURUSD', 'USDJPY', 'GBPUSD', 'EURGBP', 'AUDUSD'].includes(pair) ? 0.6 : 1.5 + (pair.length % 3));
    out.push({
      ...common,
      epic: `CS.D.${pair}.CFD.IP`,
      name: label,
      spread,
      lotSize: 10,
      pointValue: 100000,
      minDealSize: 0.5,
      baseVolume: 90000,
    });
    out.push({
      ...common,
      epic: `CS.D.${pair}.MINI.IP`,
      name: `${label} Mini`,
      spread,
      lotSize: 1,
      pointValue: 10000,
      minDealSize: 1,
      baseVolume: 60000,
    });
  }
  return out;
}
