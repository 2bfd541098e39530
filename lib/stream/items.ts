// IG's streaming items and the fields Marketside asks for (reference/ig-streaming.md §1.4).

export const PRICE_ADAPTER = 'Pricing';
/** IG's limit of simultaneous subscriptions on one connection. */
export const MAX_SUBSCRIPTIONS = 40;
export const HEARTBEAT_ITEM = 'TRADE:HB.U.HEARTBEAT.IP';

export const PRICE_FIELDS = [
  'BIDPRICE1',
  'ASKPRICE1',
  'HIGH',
  'LOW',
  'NET_CHG',
  'NET_CHG_PCT',
  'TIMESTAMP',
  'DLG_FLAG',
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

export const ACCOUNT_FIELDS = ['PNL', 'DEPOSIT', 'AVAILABLE_CASH', 'FUNDS', 'MARGIN', 'AVAILABLE_TO_DEAL', 'EQUITY'];
export const TRADE_FIELDS = ['CONFIRMS', 'OPU', 'WOU'];
export const HEARTBEAT_FIELDS = ['HEARTBEAT'];

export const CHART_SCALES = ['SECOND', '1MINUTE', '5MINUTE', 'HOUR'] as const;
export type ChartScale = (typeof CHART_SCALES)[number];
export const CHART_FIELDS = [
  'UTM',
  'BID_OPEN',
  'BID_HIGH',
  'BID_LOW',
  'BID_CLOSE',
  'OFR_OPEN',
  'OFR_HIGH',
  'OFR_LOW',
  'OFR_CLOSE',
  'LTV',
  'CONS_END',
];

export const priceItem = (accountId: string, epic: string) => `PRICE:${accountId}:${epic}`;
export const accountItem = (accountId: string) => `ACCOUNT:${accountId}`;
export const tradeItem = (accountId: string) => `TRADE:${accountId}`;
export const chartItem = (epic: string, scale: ChartScale) => `CHART:${epic}:${scale}`;

/** The epic of a PRICE item, or null for any other item. */
export function epicOfPriceItem(item: string): string | null {
  if (!item.startsWith('PRICE:')) return null;
  const rest = item.slice('PRICE:'.length);
  const colon = rest.indexOf(':');
  return colon < 0 ? null : rest.slice(colon + 1) || null;
}
