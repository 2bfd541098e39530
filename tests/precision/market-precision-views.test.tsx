// @vitest-environment happy-dom
// Every market IG's captured replies give a precision (decimalPlacesFactor) prints its levels, changes and
// spreads at that precision in every view that prints them: the popup, the watchlist row, the side panel's
// market detail and chart, positions and working orders, alerts, the omnibox and the CSV export.

import { render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withKnown } from '../../lib/background/sources/quote-source';
import { watchlistCsv } from '../../lib/csv/export';
import { marketDecimals } from '../../lib/format';
import type { PositionView, WorkingOrderView } from '../../lib/model';
import { background } from '../helpers/scripted-background';
import { captured, cases, expectLevels, NOW, resetEachTest, spreadOf, summaryOf } from './market-precision-fixture';

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

resetEachTest();
beforeEach(() => {
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
