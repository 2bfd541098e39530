import { round } from '../format';
import { accountFunds } from '../funds';
import { barAt } from '../prices/history';
import { barStart, nextStart, RESOLUTIONS, type Resolution } from '../prices/resolutions';
import type { Quote } from '../prices/snapshot';
import type { Market, MarketStatus } from '../universe/types';
import type { World } from '../world';
import type { Value } from './encode';
import { type Item, PRICE_LADDER, type Scale } from './items';

/** The current value of every field of an item, from the same world and clock as REST. */
export type Fields = Record<string, Value>;

const DLG_FLAG: Record<MarketStatus, string> = {
  TRADEABLE: 'DEAL',
  CLOSED: 'CLOSED',
  EDITS_ONLY: 'EDIT',
  OFFLINE: 'CLOSED',
  ON_AUCTION: 'AUCTION',
  ON_AUCTION_NO_EDITS: 'AUCTIONNOEDIT',
  SUSPENDED: 'SUSPEND',
};

const SCALE: Record<Scale, Resolution> = {
  SECOND: RESOLUTIONS.SECOND as Resolution,
  '1MINUTE': RESOLUTIONS.MINUTE as Resolution,
  '5MINUTE': RESOLUTIONS.MINUTE_5 as Resolution,
  HOUR: RESOLUTIONS.HOUR as Resolution,
};

const s = (n: number) => String(n);

function dayFields(m: Market, q: Quote): Fields {
  const open = round(q.mid - q.netChange, m.decimals + 1);
  return {
    DAY_OPEN_MID: s(open),
    DAY_NET_CHG_MID: s(q.netChange),
    DAY_PERC_CHG_MID: s(q.percentageChange),
    DAY_HIGH: s(q.high),
    DAY_LOW: s(q.low),
  };
}

export function priceFields(m: Market, q: Quote): Fields {
  const out: Fields = {
    MID_OPEN: s(round(q.mid - q.netChange, m.decimals + 1)),
    HIGH: s(q.high),
    LOW: s(q.low),
    BIDQUOTEID: null,
    ASKQUOTEID: null,
    BIDPRICE1: s(q.bid),
    ASKPRICE1: s(q.offer),
    TIMESTAMP: s(q.updateTime),
    DLG_FLAG: DLG_FLAG[q.marketStatus],
    NET_CHG: s(q.netChange),
    NET_CHG_PCT: s(q.percentageChange),
    NET_CHG_: s(q.percentageChange),
    DELAY: '0',
  };
  for (const f of PRICE_LADDER) out[f] = '';
  return out;
}

export function tickFields(m: Market, q: Quote, nowMs: number): Fields {
  return {
    BID: s(q.bid),
    OFR: s(q.offer),
    LTP: null,
    LTV: null,
    TTV: null,
    UTM: s(q.updateTime || nowMs),
    ...dayFields(m, q),
  };
}

/** The candle of `scale` holding the last completed second, as `/prices` reports it at that resolution. */
export function candleFields(m: Market, q: Quote, scale: Scale, nowMs: number): Fields {
  const r = SCALE[scale];
  const nowSec = Math.floor(nowMs / 1000);
  const start = barStart(r, nowSec - 1);
  const b = barAt(m, r, start, nowSec);
  const half = m.spread / 2;
  const side = (mid: number | undefined, d: number) => (mid === undefined ? null : s(round(mid + d, m.decimals)));
  const out: Fields = {
    LTV: b ? s(b.v) : null,
    TTV: null,
    UTM: s(start * 1000),
    ...dayFields(m, q),
    CONS_END: nextStart(r, start) <= nowSec ? '1' : '0',
    CONS_TICK_COUNT: b ? s(b.v) : null,
  };
  for (const [name, d] of [
    ['BID', -half],
    ['OFR', half],
  ] as const) {
    out[`${name}_OPEN`] = side(b?.o, d);
    out[`${name}_HIGH`] = side(b?.h, d);
    out[`${name}_LOW`] = side(b?.l, d);
    out[`${name}_CLOSE`] = side(b?.c, d);
  }
  for (const p of ['OPEN', 'HIGH', 'LOW', 'CLOSE']) out[`LTP_${p}`] = null;
  return out;
}

export function accountFields(world: World, accountId: string): Fields {
  const account = world.account(accountId);
  if (!account) return {};
  const f = accountFunds(world, account);
  const equity = round(f.balance + f.profitLoss, 2);
  return {
    PNL: s(f.profitLoss),
    DEPOSIT: s(f.deposit),
    AVAILABLE_CASH: s(round(f.balance - f.deposit, 2)),
    PNL_LR: s(f.profitLoss),
    PNL_NLR: '0',
    FUNDS: s(f.balance),
    MARGIN: s(f.deposit),
    MARGIN_LR: s(f.deposit),
    MARGIN_NLR: '0',
    AVAILABLE_TO_DEAL: s(f.available),
    EQUITY: s(equity),
    EQUITY_USED: s(equity > 0 ? round((f.deposit / equity) * 100, 2) : 0),
    USED_MARGIN: s(f.deposit),
    AMOUNT_DUE: '0',
  };
}

/** Fields of a MERGE item or of a CHART tick at `nowMs`; TRADE items are event-driven (see trades.ts). */
export function currentFields(world: World, item: Item, nowMs: number): Fields {
  switch (item.kind) {
    case 'heartbeat':
      return { HEARTBEAT: s(nowMs) };
    case 'account':
      return accountFields(world, item.accountId);
    case 'trade':
      return { CONFIRMS: null, OPU: null, WOU: null };
    default: {
      const m = world.market(item.epic);
      if (!m) return {};
      const q = world.quote(m, nowMs);
      if (item.kind === 'price') return priceFields(m, q);
      if (item.kind === 'tick') return tickFields(m, q, nowMs);
      return candleFields(m, q, item.scale, nowMs);
    }
  }
}
