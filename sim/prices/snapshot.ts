import { round } from '../format';
import { lastOpenSecondBefore, statusAt } from '../universe/hours';
import type { Market, MarketStatus } from '../universe/types';
import { bar, midAt, partial, tickStart, tradingSecondsOfDay } from './series';

/** A forced price, status or name set through the control interface. */
export interface MarketOverride {
  bid?: number;
  offer?: number;
  marketStatus?: MarketStatus;
  instrumentName?: string;
}

export interface Quote {
  bid: number;
  offer: number;
  mid: number;
  high: number;
  low: number;
  netChange: number;
  percentageChange: number;
  /** When the price last changed (ms): the start of the current tick while open. */
  updateTime: number;
  marketStatus: MarketStatus;
}

const DAY = 86400;

/** The live quote of a market at `nowMs`. */
export function quote(m: Market, nowMs: number, override?: MarketOverride): Quote {
  const nowSec = Math.floor(nowMs / 1000);
  const marketStatus = override?.marketStatus ?? statusAt(m.sessions, nowMs);
  let mid = midAt(m, nowMs);
  const today = Math.floor(nowSec / DAY);
  let day = partial(m, 3, today, nowSec);
  if (!day || day.w === 0 || tradingSecondsOfDay(m, today) === 0) {
    let j = today - 1;
    for (let i = 0; i < 10 && tradingSecondsOfDay(m, j) === 0; i++) j--;
    day = bar(m, 3, j);
  }
  let bid = round(mid - m.spread / 2, m.decimals);
  let offer = round(mid + m.spread / 2, m.decimals);
  let high = day.h;
  let low = day.l;
  if (override?.bid !== undefined || override?.offer !== undefined) {
    bid = override.bid ?? round((override.offer ?? 0) - m.spread, m.decimals);
    offer = override.offer ?? round(bid + m.spread, m.decimals);
    mid = (bid + offer) / 2;
    high = Math.max(high, mid);
    low = Math.min(low, mid);
  }
  const netChange = round(mid - day.o, m.decimals);
  const open = statusAt(m.sessions, nowMs) === 'TRADEABLE';
  const last = open ? tickStart(m, nowMs) / 1000 : lastOpenSecondBefore(m.sessions, nowSec);
  return {
    bid,
    offer,
    mid,
    high: round(high, m.decimals),
    low: round(low, m.decimals),
    netChange,
    percentageChange: round((netChange / day.o) * 100, 2),
    updateTime: (last ?? nowSec) * 1000,
    marketStatus,
  };
}
