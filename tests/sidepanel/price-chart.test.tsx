// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFormatLocale } from '../../lib/format';
import type { Candle } from '../../lib/model';

const chart = vi.hoisted(() => {
  const state = {
    series: [] as {
      kind: string;
      options: unknown;
      points: { time: number }[];
      data(): { time: number }[];
      setData(d: { time: number }[]): void;
      /** Calls of `setData` (every bar drawn again) and of `update` (the last bar only). */
      calls: string[];
      applyOptions(): void;
    }[],
    removed: [] as unknown[],
    crosshair: null as null | ((p: unknown) => void),
    options: null as unknown,
    disposed: false,
  };
  const api = {
    addSeries: (definition: { kind: string }, options: unknown) => {
      const s = {
        kind: definition.kind,
        options,
        points: [] as { time: number }[],
        calls: [] as string[],
        data: () => s.points,
        setData(d: { time: number }[]) {
          s.points = d;
          s.calls.push('setData');
        },
        // As lightweight-charts: the last bar's time replaces it, a later one appends, an earlier one throws.
        update(p: { time: number }) {
          s.calls.push('update');
          const last = s.points[s.points.length - 1];
          if (last && p.time < last.time) throw new Error('Cannot update oldest data');
          s.points = last && last.time === p.time ? [...s.points.slice(0, -1), p] : [...s.points, p];
        },
        applyOptions() {},
      };
      state.series.push(s);
      return s;
    },
    removeSeries: (s: unknown) => state.removed.push(s),
    applyOptions: () => {},
    timeScale: () => ({ fitContent: () => {} }),
    subscribeCrosshairMove: (h: (p: unknown) => void) => {
      state.crosshair = h;
    },
    unsubscribeCrosshairMove: () => {
      state.crosshair = null;
    },
    remove: () => {
      state.disposed = true;
    },
  };
  return { state, api };
});

vi.mock('lightweight-charts', () => ({
  createChart: (_el: HTMLElement, options: unknown) => {
    chart.state.options = options;
    return chart.api;
  },
  CandlestickSeries: { kind: 'Candlestick' },
  LineSeries: { kind: 'Line' },
  CrosshairMode: { Normal: 0 },
}));

import { PriceChart } from '../../components/chart/PriceChart';

const t0 = Date.UTC(2026, 0, 5, 9, 0);
const candles: Candle[] = [
  { t: t0 + 3600_000, open: 2, high: 3, low: 1.5, close: 2.5, volume: 10 },
  { t: t0, open: 1, high: 2.2, low: 0.9, close: 2, volume: 12 },
  { t: t0 + 7200_000, open: null, high: null, low: null, close: null, volume: null },
];

beforeEach(() => {
  chart.state.series = [];
  chart.state.removed = [];
  chart.state.crosshair = null;
  chart.state.disposed = false;
});
afterEach(cleanup);

describe('PriceChart', () => {
  it('draws candles in time order, in seconds, without empty bars', async () => {
    render(<PriceChart candles={candles} style="candles" intraday label="Price chart of EUR/USD, 1 hour bars" />);
    await waitFor(() => expect(chart.state.series).toHaveLength(1));
    const [series] = chart.state.series;
    expect(series!.kind).toBe('Candlestick');
    expect(series!.points).toEqual([
      { time: t0 / 1000, open: 1, high: 2.2, low: 0.9, close: 2 },
      { time: t0 / 1000 + 3600, open: 2, high: 3, low: 1.5, close: 2.5 },
    ]);
    expect(chart.state.options).toMatchObject({ timeScale: { timeVisible: true } });
    expect(series!.options).toMatchObject({ priceFormat: { type: 'custom', precision: 4 } });
    // The axis and crosshair write prices through lib/format, in the user's locale, at the market's decimals.
    const { formatter } = (series!.options as { priceFormat: { formatter: (p: number) => string } }).priceFormat;
    expect(formatter(1.085)).toBe('1.0850');
    setFormatLocale('de-DE');
    expect(formatter(1234.5)).toBe('1.234,5000');
    setFormatLocale(undefined);
    expect(screen.getByRole('figure', { name: 'Price chart of EUR/USD, 1 hour bars' })).toBeTruthy();
  });

  it('switches to a line of closes, replacing the candles', async () => {
    const { rerender } = render(<PriceChart candles={candles} style="candles" intraday label="Chart" />);
    await waitFor(() => expect(chart.state.series).toHaveLength(1));
    rerender(<PriceChart candles={candles} style="line" intraday label="Chart" />);
    await waitFor(() => expect(chart.state.series).toHaveLength(2));
    expect(chart.state.removed).toEqual([chart.state.series[0]]);
    expect(chart.state.series[1]!.kind).toBe('Line');
    expect(chart.state.series[1]!.points).toEqual([
      { time: t0 / 1000, value: 2 },
      { time: t0 / 1000 + 3600, value: 2.5 },
    ]);
  });

  it('redraws with the new bars when the resolution changes', async () => {
    const { rerender } = render(<PriceChart candles={candles} style="line" intraday label="Chart" />);
    await waitFor(() => expect(chart.state.series).toHaveLength(1));
    const daily: Candle[] = [
      { t: Date.UTC(2026, 0, 1), open: 1, high: 1, low: 1, close: 1.1, volume: null },
      { t: Date.UTC(2026, 0, 2), open: 1, high: 1, low: 1, close: 1.2, volume: null },
    ];
    rerender(<PriceChart candles={daily} style="line" intraday={false} label="Chart" />);
    await waitFor(() => expect(chart.state.series.at(-1)!.points).toHaveLength(2));
    expect(chart.state.series.at(-1)!.points).toEqual([
      { time: Date.UTC(2026, 0, 1) / 1000, value: 1.1 },
      { time: Date.UTC(2026, 0, 2) / 1000, value: 1.2 },
    ]);
  });

  it('shows the values under the crosshair, and the last bar otherwise', async () => {
    render(<PriceChart candles={candles} style="candles" intraday label="Chart" />);
    await waitFor(() => expect(chart.state.crosshair).not.toBeNull());
    const legend = screen.getByTestId('panel-chart-legend');
    expect(legend.textContent).toContain('C 2.5000');
    const series = chart.state.series[0]!;
    chart.state.crosshair!({
      time: t0 / 1000,
      seriesData: new Map([[series, { time: t0 / 1000, open: 1, high: 2.2, low: 0.9, close: 2 }]]),
    });
    await waitFor(() => expect(legend.textContent).toContain('H 2.2000'));
    expect(legend.textContent).toContain('O 1.0000');
    expect(legend.textContent).toContain('L 0.9000');
    chart.state.crosshair!({ seriesData: new Map() });
    await waitFor(() => expect(legend.textContent).toContain('C 2.5000'));
  });

  it('repaints the last bar from the stream, then appends the next one, without drawing all bars again', async () => {
    const hour = t0 + 3600_000;
    const { rerender } = render(<PriceChart candles={candles} style="candles" intraday label="Chart" />);
    await waitFor(() => expect(chart.state.series).toHaveLength(1));
    const series = chart.state.series[0]!;
    const canvas = screen.getByTestId('panel-chart');
    const legend = screen.getByTestId('panel-chart-legend');
    expect(canvas.dataset.bars).toBe('2');

    const moved: Candle = { t: hour, open: 2, high: 3.1, low: 1.5, close: 3.05, volume: 11 };
    rerender(<PriceChart candles={candles} style="candles" intraday label="Chart" live={moved} />);
    await waitFor(() => expect(legend.textContent).toContain('C 3.0500'));
    expect(series.points).toHaveLength(2);
    expect(series.points.at(-1)).toEqual({ time: hour / 1000, open: 2, high: 3.1, low: 1.5, close: 3.05 });
    expect(canvas.dataset.lastTime).toBe(String(hour / 1000));

    const next: Candle = { t: hour + 3600_000, open: 3.05, high: 3.2, low: 3, close: 3.1, volume: 1 };
    rerender(<PriceChart candles={candles} style="candles" intraday label="Chart" live={next} />);
    await waitFor(() => expect(canvas.dataset.bars).toBe('3'));
    expect(canvas.dataset.lastTime).toBe(String((hour + 3600_000) / 1000));
    expect(legend.textContent).toContain('C 3.1000');
    expect(series.calls).toEqual(['setData', 'update', 'update']);

    // A bar older than the last one drawn (history newer than the stream's) is not laid over it.
    const old: Candle = { t: t0, open: 9, high: 9, low: 9, close: 9, volume: null };
    rerender(<PriceChart candles={candles} style="candles" intraday label="Chart" live={old} />);
    expect(series.calls).toHaveLength(3);
    expect(canvas.dataset.bars).toBe('3');
    expect(legend.textContent).toContain('C 3.1000');
  });

  it('keeps the streamed bar when the series is drawn again (line style)', async () => {
    const hour = t0 + 3600_000;
    const live: Candle = { t: hour + 3600_000, open: 2.5, high: 2.7, low: 2.4, close: 2.6, volume: null };
    const { rerender } = render(<PriceChart candles={candles} style="candles" intraday label="Chart" live={live} />);
    await waitFor(() => expect(chart.state.series).toHaveLength(1));
    rerender(<PriceChart candles={candles} style="line" intraday label="Chart" live={live} />);
    await waitFor(() => expect(chart.state.series).toHaveLength(2));
    expect(chart.state.series[1]!.points.at(-1)).toEqual({ time: (hour + 3600_000) / 1000, value: 2.6 });
    expect(screen.getByTestId('panel-chart').dataset.bars).toBe('3');
  });

  it('disposes the chart when it goes away', async () => {
    const { unmount } = render(<PriceChart candles={candles} style="candles" intraday label="Chart" />);
    await waitFor(() => expect(chart.state.series).toHaveLength(1));
    unmount();
    expect(chart.state.disposed).toBe(true);
  });
});
