// @vitest-environment happy-dom
// Every market IG's captured replies give a precision (decimalPlacesFactor) prints its levels, changes and
// spreads at that precision in every view that prints them, whatever digits the JSON numbers happen to
// carry (1.17710 arrives as 1.1771). Plus the simulator's USD/JPY (3 decimals), which no capture has.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketDetailsSchema } from '../../lib/api/schemas/market';
import { withKnown } from '../../lib/background/sources/quote-source';
import { factsFromDetails, quoteFromDetails } from '../../lib/background/sources/views';
import { watchlistCsv } from '../../lib/csv/export';
import { marketDecimals } from '../../lib/format';
import type { MarketFacts, MarketQuote, PositionView, WorkingOrderView } from '../../lib/model';
import { marketDetails } from '../../sim/views';
import { dealingPermit } from '../helpers/dealing-permit';
import { background } from '../helpers/scripted-background';
import { testWorld } from '../sim/helpers';

const chart = vi.hoisted(() => ({ series: [] as { options: { priceFormat?: { precision: number } } }[] }));
vi.mock('lightweight-charts', () => ({
  createChart: () => ({
    addSeries: (_kind: unknown, options: { priceFormat?: { precision: number } }) => {
      const s = { options, data: () => [], setData() {}, update() {}, applyOptions() {} };
      chart.series.push(s);
      return s;
    },
    removeSeries() {},
    applyOptions() {},
    timeScale: () => ({ fitContent() {} }),
    subscribeCrosshairMove() {},
    unsubscribeCrosshairMove() {},
    remove() {},
  }),
  CandlestickSeries: {},
  LineSeries: {},
  CrosshairMode: { Normal: 0 },
}));
vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { PriceChart } from '../../components/chart/PriceChart';
import { DealTicket, PositionActions, WorkingOrderActions } from '../../components/dealing';
import { DealOutcomeView } from '../../components/dealing/DealOutcomeView';
import { MarketRow } from '../../components/popup/MarketRow';
import { MarketView } from '../../components/popup/MarketView';
import { PanelContext, type PanelEnv } from '../../components/sidepanel/context';
import { MarketDetail } from '../../components/sidepanel/MarketDetail';
import { conditionText, noticeFor } from '../../lib/alerts/describe';
import { suggestionFor } from '../../lib/lookup/suggest';
import { createChangeHub } from '../../lib/popup/hub';
import { defaultPrefs } from '../../lib/settings/registry';
import { rowNumbers } from '../../lib/sidepanel/number-columns';
import { orderLevels, positionLevels } from '../../lib/sidepanel/positions';

interface Case {
  source: string;
  epic: string;
  decimals: number;
  quote: MarketQuote;
  facts: MarketFacts;
}

const NOW = Date.UTC(2026, 10, 18, 15, 0);

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

const captured: Case[] = [
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

const cases: Case[] = captured.flatMap((c) => [c, withRoundPrices(c)]);

/** Every number in a text, as [digits after the point, value]. */
function numbersIn(text: string): [places: number, value: number][] {
  return [...text.matchAll(/\d[\d,]*(?:\.(\d+))?/g)].map((m) => [m[1]?.length ?? 0, Number(m[0].replace(/,/g, ''))]);
}

/** The text shows `values` in order, each to exactly `places` decimals. */
function expectLevels(text: string | null | undefined, values: (number | null)[], places: number) {
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
function summaryOf(q: MarketQuote): MarketQuote {
  const { decimalPlacesFactor: _, marketId: __, ...rest } = q;
  return rest;
}

/** A dealing permit and no lock: the dealing forms show. */
function grantDealing() {
  background.handlers['permit.get'] = () => ({ ok: true, data: [dealingPermit()] });
  background.handlers['lock.get'] = () => ({ ok: true, data: null });
  background.handlers['deal.repeatWindow'] = () => ({ ok: true, data: null });
}

const spreadOf = (q: MarketQuote) => (q.bid !== null && q.offer !== null ? q.offer - q.bid : null);

afterEach(() => cleanup());
beforeEach(() => {
  background.handlers = {};
  background.calls = [];
  chart.series.length = 0;
});

describe('every market with a precision in the captured replies', () => {
  it('is covered: at least one 5-, one 3- and one 1-decimal market', () => {
    expect(new Set(captured.map((c) => c.decimals))).toEqual(new Set([5, 3, 1]));
    expect(captured.length).toBeGreaterThanOrEqual(9);
  });

  describe.each(cases)('$epic ($decimals decimals, $source)', (c) => {
    const q = c.quote;
    const d = c.decimals;

    it('one source: the quote and the facts from its details both say IG’s precision', () => {
      expect(marketDecimals(q)).toBe(d);
      expect(marketDecimals(summaryOf(q), c.facts)).toBe(d);
      // A watchlist reply stored over the cached details keeps the precision.
      expect(marketDecimals(withKnown(summaryOf(q), q))).toBe(d);
    });

    it('popup: a result row and the market view', async () => {
      const item = { epic: c.epic, instrumentName: 'M', quote: q, fetchedAt: NOW, stale: false };
      const { container, unmount } = render(
        <MarketRow item={item} id="r" active={false} onOpen={() => {}} onHover={() => {}} />,
      );
      expectLevels(container.querySelector('.row__prices')?.textContent, [q.bid, q.offer], d);
      expectLevels(container.querySelector('.change__net')?.textContent, [q.netChange], d);
      unmount();

      const deps = {
        send: (() => new Promise(() => {})) as never,
        connectLive: () => null,
        openOptions() {},
        openSidePanel: () => Promise.resolve(),
      };
      render(
        <MarketView
          deps={deps}
          epic={c.epic}
          initial={q}
          hub={createChangeHub()}
          onWatch={() => {}}
          onError={() => {}}
        />,
      );
      const view = screen.getByTestId('popup-market');
      const dd = (term: string) => within(view).getByText(term).nextElementSibling?.textContent;
      expectLevels(dd('Bid'), [q.bid], d);
      expectLevels(dd('Offer'), [q.offer], d);
      expectLevels(dd('Spread'), [spreadOf(q)], d);
      expectLevels(dd('High'), [q.high], d);
      expectLevels(dd('Low'), [q.low], d);
      expectLevels(view.querySelector('.change__net')?.textContent, [q.netChange], d);
    });

    it('watchlist row, once the details are known', () => {
      const row = rowNumbers(withKnown(summaryOf(q), q));
      expectLevels(row.bid, [q.bid], d);
      expectLevels(row.offer, [q.offer], d);
      expectLevels(row.change, [q.netChange], d);
    });

    it('market detail in the side panel, with its chart', async () => {
      background.handlers['markets.quotes'] = () => ({ ok: true, data: [{ value: q, fetchedAt: NOW, stale: false }] });
      background.handlers['markets.facts'] = () => ({
        ok: true,
        data: { value: c.facts, fetchedAt: NOW, stale: false },
      });
      const t = Date.UTC(2026, 10, 18, 14);
      const close = q.bid ?? 1;
      background.handlers['prices.history'] = () => ({
        ok: true,
        data: {
          candles: [{ t, open: close, high: close, low: close, close, volume: null }],
          allowance: null,
          fetchedAt: NOW,
        },
      });
      const env = {
        status: null,
        prefs: defaultPrefs,
        updatePrefs() {},
        live: { setChart() {}, setWatch() {}, subscribe: () => () => {} },
        navigate() {},
        openSettings() {},
        dealing: null,
        theme: 'light',
      } as unknown as PanelEnv;
      render(
        <PanelContext.Provider value={env}>
          <MarketDetail epic={c.epic} onBack={() => {}} />
        </PanelContext.Provider>,
      );
      const bid = await screen.findByTestId('panel-detail-bid');
      const price = screen.getByRole('region', { name: 'Price' });
      expectLevels(bid.textContent, [q.bid], d);
      expectLevels(screen.getByTestId('panel-detail-offer').textContent, [q.offer], d);
      expectLevels(within(price).getByText(/^Spread/).textContent, [spreadOf(q)], d);
      expectLevels(within(price).getByText(/^H /).textContent, [q.high, q.low], d);
      expectLevels(price.querySelector('.change__net')?.textContent, [q.netChange], d);
      // The chart's axis and crosshair (lightweight-charts' priceFormat) and its legend.
      await waitFor(() => expect(chart.series.at(-1)?.options.priceFormat?.precision).toBe(d));
      expectLevels(
        screen.getByTestId('panel-chart-legend').textContent?.replace(/^.*?(?=O )/, ''),
        [close, close, close, close],
        d,
      );
    });

    it('chart alone: the precision it is given, not the last close’s digits', async () => {
      const close = 100.5;
      render(
        <PriceChart
          candles={[{ t: NOW, open: close, high: close, low: close, close, volume: null }]}
          style="line"
          intraday
          label="Chart"
          decimals={marketDecimals(q)}
        />,
      );
      await waitFor(() =>
        expect(chart.series.at(-1)?.options.priceFormat).toMatchObject({ precision: d, minMove: 10 ** -d }),
      );
      const format = chart.series.at(-1)?.options.priceFormat as { formatter?: (p: number) => string };
      expect(format.formatter?.(close)).toBe(close.toFixed(d));
    });

    it('positions and working orders', () => {
      const level = q.bid ?? 1;
      const position = {
        direction: 'BUY',
        level,
        bid: q.bid,
        offer: q.offer,
        stopLevel: q.low,
        limitLevel: q.high,
      } as PositionView;
      const p = positionLevels(position, marketDecimals(q));
      expectLevels(p.level, [level], d);
      expectLevels(p.price, [q.bid], d);
      expectLevels(p.stop, [q.low], d);
      expectLevels(p.limit, [q.high], d);
      const order = { direction: 'BUY', level: q.low ?? 1, bid: q.bid, offer: q.offer } as WorkingOrderView;
      const o = orderLevels(order, marketDecimals(q));
      expectLevels(o.level, [order.level], d);
      expectLevels(o.distance, [q.offer === null ? null : order.level - q.offer], d);
    });

    it('amending a position’s stop and limit and a working order’s level: the fields start at it', async () => {
      grantDealing();
      const position = {
        dealId: 'P1',
        instrumentName: 'M',
        size: 1,
        direction: 'BUY',
        level: q.bid ?? 1,
        bid: q.bid,
        offer: q.offer,
        stopLevel: q.low,
        limitLevel: q.high,
      } as PositionView;
      render(<PositionActions position={position} decimals={marketDecimals(q)} />);
      fireEvent.click(await screen.findByRole('button', { name: /^Amend stop and limit of/ }));
      const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
      if (q.low !== null) expectLevels(value('Stop level'), [q.low], d);
      if (q.high !== null) expectLevels(value('Limit level'), [q.high], d);
      cleanup();
      const order = {
        dealId: 'O1',
        instrumentName: 'M',
        size: 1,
        direction: 'BUY',
        orderType: 'LIMIT',
        level: q.low ?? 1,
        stopDistance: null,
        limitDistance: null,
        timeInForce: 'GOOD_TILL_CANCELLED',
        goodTillDate: null,
      } as unknown as WorkingOrderView;
      render(<WorkingOrderActions order={order} decimals={marketDecimals(q)} />);
      fireEvent.click(await screen.findByRole('button', { name: /^Amend / }));
      expectLevels(value('Order level'), [order.level], d);
    });

    it('deal ticket buttons and the level a deal was accepted at', async () => {
      grantDealing();
      render(
        <DealTicket
          epic={c.epic}
          instrumentName="M"
          facts={c.facts}
          bid={q.bid}
          offer={q.offer}
          decimals={marketDecimals(q, c.facts)}
        />,
      );
      const ticket = await screen.findByTestId('deal-ticket');
      const buttons = within(ticket).getByRole('group', { name: 'Direction' }).textContent;
      expectLevels(buttons, [q.offer, q.bid], d);
      cleanup();
      const outcome = { status: 'accepted', dealReference: 'R', dealId: 'D', level: q.offer, size: null } as const;
      render(<DealOutcomeView outcome={outcome} decimals={marketDecimals(q)} />);
      expectLevels(screen.getByTestId('deal-outcome').textContent?.replace(/Deal id.*$/, ''), [q.offer], d);
    });

    it('alerts and their notifications', () => {
      const target = q.high ?? 1;
      expectLevels(conditionText({ kind: 'above', target }, marketDecimals(q)), [target], d);
      const rule = {
        id: 'a',
        epic: c.epic,
        instrumentName: 'M',
        kind: 'below',
        target,
        reference: null,
        marketId: null,
        armed: true,
        createdAt: 0,
        firedAt: null,
        quiet: null,
      } as const;
      const notice = noticeFor(rule, 0, q.bid, marketDecimals(q));
      expectLevels(notice.title.replace(/^M /, ''), [target], d);
      expectLevels(notice.message, [q.bid], d);
    });

    it('omnibox suggestion and CSV export', () => {
      const text = suggestionFor({ ...q, epic: 'X', instrumentName: 'M' }, '', false).description;
      expectLevels(text.replace(/^M · X · /, ''), [q.bid, q.offer], d);
      const [, row] = watchlistCsv([{ ...q, epic: 'X', instrumentName: 'M' }]).split('\r\n');
      const [, , bid, offer, change] = row!.split(',');
      expectLevels([bid, offer, change].join(' '), [q.bid, q.offer, q.netChange], d);
    });
  });
});

describe('money at its currency’s precision', () => {
  it('P&L: cents for USD, whole yen for JPY', async () => {
    const { moneyText } = await import('../../lib/sidepanel/positions');
    expect(moneyText(9.8, 'USD')).toBe('+9.80 USD');
    expect(moneyText(-1234.4, 'JPY')).toBe('−1,234 JPY');
  });

  it('the costs of a deal', async () => {
    const { CostsQuoteView } = await import('../../components/dealing/CostsQuoteView');
    const quote = (currency: string) => ({
      quoteReference: 'Q',
      currency,
      lines: [{ label: 'Spread', amount: 3.5 }],
      notionalValue: 11540.2,
      receivedAt: NOW,
    });
    const { unmount } = render(<CostsQuoteView quote={quote('GBP')} title="Costs" />);
    expect(screen.getByText('Spread').nextElementSibling?.textContent).toBe('3.50 GBP');
    expect(screen.getByText('Notional value').nextElementSibling?.textContent).toBe('11,540.20 GBP');
    unmount();
    render(<CostsQuoteView quote={quote('JPY')} title="Costs" />);
    expect(screen.getByText('Spread').nextElementSibling?.textContent).toBe('4 JPY');
  });
});
