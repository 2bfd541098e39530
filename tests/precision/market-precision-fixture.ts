// Shared by the market precision tests (market-precision-views, market-precision-dealing): every market IG's
// captured replies give a precision (decimalPlacesFactor), plus the simulator's USD/JPY and EUR/USD, each also
// at prices whose last digit is 0; and the check that a text shows levels at exactly that precision.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from '@testing-library/preact';
import * as v from 'valibot';
import { afterEach, beforeEach, expect } from 'vitest';
import { MarketDetailsSchema } from '../../lib/api/schemas/market';
import { factsFromDetails, quoteFromDetails } from '../../lib/background/sources/views';
import type { MarketFacts, MarketQuote } from '../../lib/model';
import { marketDetails } from '../../sim/views';
import { dealingPermit } from '../helpers/dealing-permit';
import { background } from '../helpers/scripted-background';
import { testWorld } from '../sim/helpers';

export interface Case {
  source: string;
  epic: string;
  decimals: number;
  quote: MarketQuote;
  facts: MarketFacts;
}

export const NOW = Date.UTC(2026, 10, 18, 15, 0);

/** A captured reply's body (finance-ig files wrap it as {statusCode, body}). */
function fixtureJson(path: string): unknown {
  const text = readFileSync(join(process.cwd(), 'tests/fixtures/ig', path), 'utf8').replace(/^\uFEFF/, '');
  const json = JSON.parse(text) as { body?: unknown };
  return path.startsWith('finance-ig/') ? json.body : json;
}

function detailsIn(json: unknown): unknown[] {
  const body = json as { marketDetails?: unknown[] };
  return Array.isArray(body.marketDetails) ? body.marketDetails : [json];
}

const FIXTURES = [
  'IGMarkets/markets_CS.D.EURUSD.CFD.IP+CS.D.EURUSD.MINI.IP.json',
  'IGMarkets/markets_CS.D.EURUSD.MINI.IP.json',
  'IGMarkets/markets_CS.D.EURUSD.CFD.IP (snapshot only).json',
  'trading-ig/markets_epic.json',
  'finance-ig/API/markets/GET_2.json',
  'finance-ig/API/markets/CS.D.EURUSD.MINI.IP/GET_3.json',
];

function caseOf(source: string, raw: unknown): Case {
  const details = v.parse(MarketDetailsSchema, raw);
  const decimals = details.snapshot?.decimalPlacesFactor;
  if (typeof decimals !== 'number') throw new Error(`${source}: no decimalPlacesFactor`);
  return {
    source,
    epic: details.instrument.epic,
    decimals,
    quote: quoteFromDetails(details, NOW),
    facts: factsFromDetails(details),
  };
}

const world = testWorld();
const simCase = (epic: string) => caseOf('sim', marketDetails(world, world.market(epic)!, 3));

export const captured: Case[] = [
  ...FIXTURES.flatMap((path) => detailsIn(fixtureJson(path)).map((raw) => caseOf(path, raw))),
  simCase('CS.D.USDJPY.CFD.IP'),
  simCase('CS.D.EURUSD.CFD.IP'),
];

/**
 * The same market at prices whose last digit is 0, which JSON sends without it (1.15400 as 1.154): its
 * precision can only come from IG's decimalPlacesFactor, never from the digits.
 */
function withRoundPrices(c: Case): Case {
  const places = Math.max(0, c.decimals - 1);
  const round = (x: number | null) => (x === null ? null : Number(x.toFixed(places)));
  const bid = round(c.quote.bid ?? c.quote.offer ?? 1) as number;
  const quote = {
    ...c.quote,
    bid,
    offer: Number((bid + 10 ** -places).toFixed(places)),
    high: round(c.quote.high),
    low: round(c.quote.low),
    netChange: round(c.quote.netChange),
  };
  return { ...c, source: `${c.source}, prices ending in 0`, quote };
}

export const cases: Case[] = captured.flatMap((c) => [c, withRoundPrices(c)]);

/** Every number in a text, as [digits after the point, value]. */
function numbersIn(text: string): [places: number, value: number][] {
  return [...text.matchAll(/\d[\d,]*(?:\.(\d+))?/g)].map((m) => [m[1]?.length ?? 0, Number(m[0].replace(/,/g, ''))]);
}

/** The text shows `values` in order, each to exactly `places` decimals. */
export function expectLevels(text: string | null | undefined, values: (number | null)[], places: number) {
  const shown = numbersIn(text ?? '');
  const wanted = values.filter((x): x is number => x !== null);
  expect(
    shown.map(([p]) => p),
    `${text}`,
  ).toEqual(wanted.map(() => places));
  for (const [i, [, value]] of shown.entries()) {
    expect(value).toBeCloseTo(Number(Math.abs(wanted[i]!).toFixed(places)), places);
  }
}

/** A watchlist or search row: the same market without the precision only its details carry. */
export function summaryOf(q: MarketQuote): MarketQuote {
  const { decimalPlacesFactor: _, marketId: __, ...rest } = q;
  return rest;
}

/** A dealing permit and no lock: the dealing forms show. */
export function grantDealing() {
  background.handlers['permit.get'] = () => ({ ok: true, data: [dealingPermit()] });
  background.handlers['lock.get'] = () => ({ ok: true, data: null });
  background.handlers['deal.repeatWindow'] = () => ({ ok: true, data: null });
}

export const spreadOf = (q: MarketQuote) => (q.bid !== null && q.offer !== null ? q.offer - q.bid : null);

/** Each test starts with nothing rendered and a background that answers nothing yet. */
export function resetEachTest(): void {
  afterEach(() => cleanup());
  beforeEach(() => {
    background.handlers = {};
    background.calls = [];
  });
}
