import { SESSIONS } from './hours';
import type { MarketSpec } from './types';

/** [epic code, marketId, name, price, spread, decimals] */
const COINS: [string, string, string, number, number, number][] = [
  ['BITCOIN', 'BITCOIN', 'Bitcoin', 65012.5, 36, 1],
  ['ETHUSD', 'ETHUSD', 'Ether', 3402.35, 2.4, 2],
  ['LTCUSD', 'LTCUSD', 'Litecoin', 84.52, 0.6, 2],
  ['XRPUSD', 'XRPUSD', 'Ripple', 0.5213, 0.006, 4],
  ['BCHUSD', 'BCHUSD', 'Bitcoin Cash', 402.61, 3, 2],
  ['EOSUSD', 'EOSUSD', 'EOS', 0.8123, 0.01, 4],
  ['XLMUSD', 'XLMUSD', 'Stellar', 0.1123, 0.002, 4],
  ['ADAUSD', 'ADAUSD', 'Cardano', 0.4812, 0.006, 4],
  ['DOTUSD', 'DOTUSD', 'Polkadot', 7.212, 0.06, 3],
  ['SOLUSD', 'SOLUSD', 'Solana', 142.31, 1.1, 2],
  ['DOGEUSD', 'DOGEUSD', 'Dogecoin', 0.1521, 0.002, 4],
  ['LINKUSD', 'LINKUSD', 'Chainlink', 14.212, 0.12, 3],
];

export function cryptoMarkets(): MarketSpec[] {
  return COINS.map(([code, marketId, name, price, spread, decimals]) => ({
    epic: `CS.D.${code}.CFD.IP`,
    marketId,
    name,
    instrumentType: 'CURRENCIES',
    category: 'CRYPTOCURRENCIES',
    expiry: '-',
    currency: 'USD',
    p0: price,
    vol: 0.035,
    spread,
    decimals,
    scalingFactor: 1,
    lotSize: 1,
    pointValue: 1,
    unit: 'CONTRACTS',
    minDealSize: price > 1000 ? 0.01 : 1,
    minStopDistance: Math.max(1, Math.round(spread * 3)),
    marginFactor: 50,
    sessions: SESSIONS.crypto,
    streaming: true,
    exchangeId: 'CRYPTO',
    newsCode: null,
    chartCode: marketId,
    country: null,
    baseVolume: 20000,
  }));
}
