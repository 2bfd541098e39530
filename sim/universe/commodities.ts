import { SESSIONS } from './hours';
import type { MarketSpec } from './types';

/**
 * [epic, marketId, name, price, currency, daily vol, spread, decimals, pointValue, months ahead (0 = undated), type]
 * Spot metals are CURRENCIES on the real platform.
 */
const COMMODITIES: [string, string, string, number, string, number, number, number, number, number, string?][] = [
  ['CS.D.CFDGOLD.CFDGC.IP', 'GOLD', 'Spot Gold', 2012.35, 'USD', 0.009, 0.3, 2, 100, 0, 'CURRENCIES'],
  ['CS.D.CFDSILVER.CFDSI.IP', 'SILVER', 'Spot Silver', 2401.5, 'USD', 0.015, 2, 1, 50, 0, 'CURRENCIES'],
  ['CS.D.CFPGOLD.CFPGC.IP', 'GOLD', 'Spot Gold (£1 Contract)', 2012.35, 'USD', 0.009, 0.3, 2, 1, 0, 'CURRENCIES'],
  ['CC.D.LCO.UNC.IP', 'LCO', 'Oil - Brent Crude', 8290.4, 'USD', 0.018, 2.8, 1, 10, 0],
  ['CC.D.LCO.UME.IP', 'LCO', 'Oil - Brent Crude', 8301.2, 'USD', 0.018, 3, 1, 10, 1],
  ['CC.D.CL.UNC.IP', 'CL', 'Oil - US Crude', 7801.3, 'USD', 0.02, 2.8, 1, 10, 0],
  ['CC.D.CL.UME.IP', 'CL', 'Oil - US Crude', 7811.6, 'USD', 0.02, 3, 1, 10, 1],
  ['CC.D.NG.UNC.IP', 'NATGAS', 'Natural Gas', 2804.5, 'USD', 0.035, 8, 1, 10, 0],
  ['CC.D.HO.UNC.IP', 'HO', 'Heating Oil', 26503.2, 'USD', 0.02, 30, 1, 1, 0],
  ['CC.D.RB.UNC.IP', 'RB', 'Gasoline', 23402.7, 'USD', 0.02, 30, 1, 1, 0],
  ['MT.D.HG.Month1.IP', 'HG', 'High Grade Copper', 381.25, 'USD', 0.013, 0.4, 2, 250, 1],
  ['MT.D.PL.Month1.IP', 'PL', 'Platinum', 902.4, 'USD', 0.016, 1.5, 1, 50, 1],
  ['MT.D.PA.Month1.IP', 'PA', 'Palladium', 1003.5, 'USD', 0.022, 6, 1, 50, 1],
  ['CO.D.CFI.Month2.IP', 'CFI', 'Carbon Emissions', 8933.0, 'EUR', 0.025, 6, 0, 1, 2],
  ['CC.D.KC.UNC.IP', 'KC', 'Coffee Arabica', 18502.4, 'USD', 0.02, 40, 1, 1, 0],
  ['CC.D.CC.UNC.IP', 'CC', 'Cocoa', 5602.3, 'USD', 0.025, 12, 1, 1, 0],
  ['CC.D.SB.UNC.IP', 'SB', 'Sugar', 2201.6, 'USD', 0.018, 5, 1, 1, 0],
  ['CC.D.W.UNC.IP', 'WHEAT', 'Wheat', 58203.3, 'USD', 0.018, 150, 1, 1, 0],
  ['CC.D.C.UNC.IP', 'CORN', 'Corn', 43604.1, 'USD', 0.015, 100, 1, 1, 0],
  ['CC.D.S.UNC.IP', 'SOYBEAN', 'Soybeans', 119501.2, 'USD', 0.012, 250, 1, 1, 0],
  ['CC.D.CT.UNC.IP', 'CT', 'Cotton', 8302.5, 'USD', 0.016, 25, 1, 1, 0],
  ['CO.D.DX.Month1.IP', 'DX', 'US Dollar Basket', 10402.3, 'USD', 0.004, 4, 1, 1, 1],
];

export function commodityMarkets(startMs: number, expiry: (startMs: number, ahead: number) => string): MarketSpec[] {
  return COMMODITIES.map(([epic, marketId, name, price, currency, vol, spread, decimals, pointValue, ahead, type]) => ({
    epic,
    marketId,
    name,
    instrumentType: type === 'CURRENCIES' ? 'CURRENCIES' : 'COMMODITIES',
    category: 'COMMODITIES',
    expiry: ahead === 0 ? '-' : expiry(startMs, ahead),
    currency,
    p0: price,
    vol,
    spread,
    decimals,
    scalingFactor: 1,
    lotSize: 1,
    pointValue,
    unit: 'AMOUNT',
    minDealSize: type === 'CURRENCIES' ? 0.1 : 0.25,
    minStopDistance: Math.max(1, Math.round(spread * 3)),
    marginFactor: 10,
    sessions: SESSIONS.commodity,
    streaming: true,
    exchangeId: `CM_${marketId}`,
    newsCode: marketId,
    chartCode: type === 'CURRENCIES' ? marketId : null,
    country: null,
    baseVolume: 40000,
  }));
}
