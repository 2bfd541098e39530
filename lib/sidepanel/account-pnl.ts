// Positions' profit and loss in the account's currency, as IG's platform shows it: each row converted at a
// rate the trader can see (IG's own from a market's details, else a currency market's live price), one
// total, and no figure ("–") where no rate is known rather than a guess. Pure.
import { i18n } from '#i18n';
import { cents } from '../dealing/profit';
import { formatAge, formatSize } from '../format';
import type { Fresh, MarketFacts, MarketQuote, PositionView } from '../model';

/** How one of the positions' currencies turns into the account's. */
export interface ConversionRate {
  /** The position's currency. */
  from: string;
  /** The account's currency. */
  to: string;
  /** Units of `from` per one unit of `to`. */
  perAccountUnit: number;
  /** IG's own rate from the market details of `epic`, or the mid price of the currency market `epic`. */
  source: 'ig' | 'market';
  epic: string;
  /** Epoch ms of the figure: when the details were read, or when the market's price last moved. */
  at: number;
}

/** A rate older than this says so beside its age. */
export const RATE_OLD_MS = 60 * 60_000;

/** IG's rate for `from` in a market's details (`baseExchangeRate`, per one unit of the account's currency). */
export function igRate(facts: Fresh<MarketFacts>, from: string, to: string): ConversionRate | null {
  const rates = facts.value.exchangeRates ?? [];
  // Details that list the account's currency at other than 1 were converted to another account's currency.
  const own = rates.find((r) => r.code === to);
  if (own && own.perAccountUnit !== 1) return null;
  const rate = rates.find((r) => r.code === from);
  if (!rate) return null;
  return { from, to, perAccountUnit: rate.perAccountUnit, source: 'ig', epic: facts.value.epic, at: facts.fetchedAt };
}

const PAIR_EPIC = /^CS\.D\.([A-Z]{3})([A-Z]{3})\.(CFD|MINI|TODAY)\.IP$/;

/**
 * The rate a currency market's mid price gives, the pair either way round (EUR/USD converts USD into EUR
 * as well as EUR into USD); null for any other market or without both prices. A spread-bet daily market
 * (TODAY) is quoted in points, so its price is divided by its scaling factor.
 */
export function marketRate(quote: MarketQuote, from: string, to: string): ConversionRate | null {
  const pair = PAIR_EPIC.exec(quote.epic);
  if (!pair || quote.bid === null || quote.offer === null) return null;
  const [, base, counter, kind] = pair;
  const scale = kind === 'TODAY' ? quote.scalingFactor : 1;
  if (!scale || scale <= 0) return null;
  const mid = (quote.bid + quote.offer) / 2 / scale;
  if (!Number.isFinite(mid) || mid <= 0) return null;
  const direct = base === to && counter === from;
  const inverse = base === from && counter === to;
  if (!direct && !inverse) return null;
  return {
    from,
    to,
    perAccountUnit: direct ? mid : 1 / mid,
    source: 'market',
    epic: quote.epic,
    at: quote.updatedAt ?? 0,
  };
}

/** The freshest of some rates; null when there are none. */
function freshest(rates: (ConversionRate | null)[]): ConversionRate | null {
  let best: ConversionRate | null = null;
  for (const r of rates) if (r && (!best || r.at > best.at)) best = r;
  return best;
}

/**
 * A rate for each of the positions' currencies other than the account's: IG's own where a market's details
 * carry one (the freshest), else the freshest currency market among the quotes held. An IG rate older than
 * RATE_OLD_MS gives way to a currency market's fresher price (details are kept a day).
 */
export function chooseRates(
  positions: Pick<PositionView, 'currency'>[],
  account: string,
  facts: Fresh<MarketFacts>[],
  quotes: MarketQuote[],
  now = Date.now(),
): Map<string, ConversionRate> {
  const chosen = new Map<string, ConversionRate>();
  for (const currency of foreignCurrencies(positions, account)) {
    const ig = freshest(facts.map((f) => igRate(f, currency, account)));
    const market = freshest(quotes.map((q) => marketRate(q, currency, account)));
    const rate = ig && (now - ig.at <= RATE_OLD_MS || !market || market.at <= ig.at) ? ig : (market ?? ig);
    if (rate) chosen.set(currency, rate);
  }
  return chosen;
}

function foreignCurrencies(positions: Pick<PositionView, 'currency'>[], account: string): string[] {
  return [...new Set(positions.map((p) => p.currency))].filter((c) => c !== account);
}

/** The currencies without a rate, or with only an old one, for which a currency market is worth watching. */
export function wantMarketRate(
  positions: Pick<PositionView, 'currency'>[],
  account: string,
  rates: Map<string, ConversionRate>,
  now = Date.now(),
): string[] {
  return foreignCurrencies(positions, account).filter((c) => {
    const rate = rates.get(c);
    return !rate || (rate.source === 'ig' && now - rate.at > RATE_OLD_MS);
  });
}

/** Currencies in the order markets quote them (EUR/USD, GBP/JPY, USD/CHF); others after, alphabetically. */
const QUOTE_ORDER = ['EUR', 'GBP', 'AUD', 'NZD', 'USD', 'CAD', 'CHF', 'JPY'];

/**
 * IG's currency markets that would convert `from` into `to`: the pair as markets quote it, the CFD market
 * then the spread-bet daily one (an account sees one of them).
 */
export function currencyMarketEpics(from: string, to: string): string[] {
  const rank = (c: string) => {
    const i = QUOTE_ORDER.indexOf(c);
    return i === -1 ? QUOTE_ORDER.length : i;
  };
  const [base, counter] = rank(from) < rank(to) || (rank(from) === rank(to) && from < to) ? [from, to] : [to, from];
  return [`CS.D.${base}${counter}.CFD.IP`, `CS.D.${base}${counter}.TODAY.IP`];
}

/** An amount in `from` in the account's currency, to the cent; null without a rate for it. */
export function toAccount(
  amount: number,
  from: string,
  account: string,
  rates: Map<string, ConversionRate>,
): number | null {
  if (from === account) return amount;
  const rate = rates.get(from);
  return rate ? cents(amount / rate.perAccountUnit) : null;
}

export interface AccountPnl {
  /** Each position's profit or loss in the account's currency by deal id; null without a price or a rate. */
  rows: Map<string, number | null>;
  /** The sum, to the cent; null when any position has no figure (a total missing one would be a guess). */
  total: number | null;
  /** The positions' currencies that have no rate. */
  missingRates: string[];
}

export function accountPnl(
  positions: Pick<PositionView, 'dealId' | 'currency' | 'profitLoss'>[],
  account: string,
  rates: Map<string, ConversionRate>,
): AccountPnl {
  const rows = new Map<string, number | null>();
  const missing = new Set<string>();
  let total: number | null = 0;
  for (const p of positions) {
    const converted = p.profitLoss === null ? null : toAccount(p.profitLoss, p.currency, account, rates);
    if (p.profitLoss !== null && converted === null) missing.add(p.currency);
    rows.set(p.dealId, converted);
    total = total === null || converted === null ? null : total + converted;
  }
  return { rows, total: total === null ? null : cents(total), missingRates: [...missing] };
}

/** A rate as a trader reads it: up to six decimals (as IG gives its own), no trailing zeros. */
function rateNumber(x: number): string {
  return formatSize(x);
}

/** "1 EUR = 1.088608 USD · IG's rate, 3 min ago"; a market's rate names the market; an old one says so. */
export function rateText(rate: ConversionRate, now: number): string {
  const source = rate.source === 'ig' ? i18n.t('funds.igRate') : i18n.t('funds.marketMid', { epic: rate.epic });
  const age = rate.at > 0 ? formatAge(rate.at, now) : i18n.t('funds.ageUnknown');
  const old = rate.at > 0 && now - rate.at > RATE_OLD_MS ? ` ${i18n.t('funds.old')}` : '';
  return `1 ${rate.to} = ${rateNumber(rate.perAccountUnit)} ${rate.from} · ${source}, ${age}${old}`;
}
