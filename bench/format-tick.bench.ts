// What locale-aware formatting costs per streamed tick: the watchlist's numbers (bid, offer, change and
// percentage at the market's own decimals, lib/sidepanel/number-columns.ts) of every row, formatted through
// lib/format's cached Intl.NumberFormat in de-DE and en-GB, against a floor in the same run that builds the
// same texts with Number#toFixed and string joins (no grouping, no locale). Pure Node, no browser.

import { setFormatLocale } from '../lib/format';
import type { MarketQuote } from '../lib/model';
import { rowNumbers } from '../lib/sidepanel/number-columns';
import { median, percentile } from './env';
import type { BenchModule, BenchResult } from './types';

const ROWS = [50, 300];
const TICKS = 200;
const ROUNDS = 5;
const WARM = 20;
const LOCALES = ['de-DE', 'en-GB'];

type Quote = Pick<MarketQuote, 'bid' | 'offer' | 'netChange' | 'percentageChange' | 'decimalPlacesFactor'>;

/** A tick's rows: new quote objects, as the stream hands the page, with FX, index and share precisions. */
function rowsOf(n: number, tick: number): Quote[] {
  return Array.from({ length: n }, (_, i) => {
    const kind = i % 3;
    const base = kind === 0 ? 1.0845 + i / 10_000 : kind === 1 ? 7420 + i : 152.3 + i / 10;
    const move = ((tick * 7 + i * 13) % 21) - 10;
    const d = kind === 0 ? 5 : 1;
    const bid = base + move / 10 ** d;
    return {
      bid,
      offer: bid + 1.2 / 10 ** (d - 1),
      netChange: move / 10 ** d,
      percentageChange: move / 37,
      decimalPlacesFactor: d,
    };
  });
}

/** The floor: the same four texts per row with toFixed, a sign and a percent sign. */
function plainNumbers(q: Quote) {
  const d = q.decimalPlacesFactor ?? 2;
  const signed = (v: number, p: number) => (v > 0 ? '+' : v < 0 ? '−' : '') + Math.abs(v).toFixed(p);
  return {
    bid: (q.bid as number).toFixed(d),
    offer: (q.offer as number).toFixed(d),
    change: signed(q.netChange as number, d),
    pct: `${signed(q.percentageChange as number, 2)}%`,
  };
}

let sink = 0;

function perTick(ticks: Quote[][], format: (q: Quote) => { bid: string; pct: string }): number[] {
  const out: number[] = [];
  for (const rows of ticks) {
    const t0 = performance.now();
    for (const q of rows) sink += format(q).bid.length;
    out.push((performance.now() - t0) * 1000);
  }
  return out;
}

const bench: BenchModule = {
  title: 'formatting the watchlist numbers of every row per streamed tick',
  async run() {
    const results: BenchResult[] = [];
    for (const n of ROWS) {
      const ticks = Array.from({ length: TICKS }, (_, t) => rowsOf(n, t));
      // Blocks of each kind in turn, so that a busy moment of a shared machine falls on all of them alike.
      const floorTimes: number[] = [];
      const times: Record<string, number[]> = { 'de-DE': [], 'en-GB': [] };
      for (let round = 0; round < ROUNDS; round++) {
        perTick(ticks.slice(0, WARM), plainNumbers);
        floorTimes.push(...perTick(ticks, plainNumbers));
        for (const locale of LOCALES) {
          setFormatLocale(locale);
          perTick(ticks.slice(0, WARM), rowNumbers);
          times[locale]?.push(...perTick(ticks, rowNumbers));
        }
      }
      const floor = median(floorTimes);
      for (const locale of LOCALES) {
        const mine = times[locale] ?? [];
        const mid = median(mine);
        results.push({
          name: `${n} rows, ${locale}, median per tick`,
          value: mid,
          unit: 'µs',
          baseline: floor,
          note: `${(mid / floor).toFixed(2)}× the toFixed floor; p90 ${percentile(mine, 90).toFixed(0)} µs; ${((mid / n / 4) * 1000).toFixed(0)} ns per number`,
        });
      }
      setFormatLocale(undefined);
    }
    if (sink < 0) console.log(sink);
    return results;
  },
};

export default bench;
