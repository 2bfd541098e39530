// The price chart. lightweight-charts is loaded here only, through a dynamic import, so that it is a
// chunk of its own fetched when a market's detail opens and never part of the panel's first load.
import type {
  CandlestickData,
  IChartApi,
  ISeriesApi,
  LineData,
  MouseEventParams,
  UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatDay, formatLocale, formatMoment, formatPrice } from '../../lib/format';
import type { Candle } from '../../lib/model';
import { type BarValues, chartPriceFormat, lastBar, toLine, toOhlc } from './series';

export type ChartStyle = 'candles' | 'line';

interface Props {
  candles: Candle[];
  style: ChartStyle;
  /** Show hours and minutes on the time axis. */
  intraday: boolean;
  /** Accessible name of the chart, e.g. "Price chart of EUR/USD, 1 hour bars". */
  label: string;
  /** Changes when the page's theme changes, to recolour the chart. */
  theme?: string;
  height?: number;
  /** The last bar as the stream has it: repaints the last bar, or appends one, without drawing all again. */
  live?: Candle | null;
  /** The market's decimal places (lib/format marketDecimals): the axis, the crosshair and the legend. */
  decimals?: number;
}

type Lib = typeof import('lightweight-charts');
type AnySeries = ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>;

interface Drawn {
  count: number;
  last: BarValues | null;
}

/** How many bars the series holds and its last one, as the legend shows it. */
function drawnOf(s: AnySeries): Drawn {
  const data = s.data();
  const bar = data[data.length - 1] as
    | { time: number; open?: number; high?: number; low?: number; close?: number; value?: number }
    | undefined;
  if (!bar) return { count: 0, last: null };
  const close = bar.close ?? bar.value ?? null;
  return {
    count: data.length,
    last: { time: bar.time, open: bar.open ?? null, high: bar.high ?? null, low: bar.low ?? null, close },
  };
}

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

function colours() {
  return {
    fg: cssVar('--fg', '#17202a'),
    muted: cssVar('--muted', '#5d6d7e'),
    line: cssVar('--line', '#dfe4ea'),
    up: cssVar('--up', '#0a7d43'),
    down: cssVar('--down', '#c0392b'),
    accent: cssVar('--accent', '#126e5a'),
  };
}

function formatTime(seconds: number, intraday: boolean): string {
  return intraday ? formatMoment(seconds * 1000) : formatDay(seconds * 1000);
}

export function PriceChart({ candles, style, intraday, label, theme, height = 240, live = null, decimals }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const lib = useRef<Lib | null>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<AnySeries | null>(null);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [hover, setHover] = useState<BarValues | null>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const liveBar = useRef(live);
  liveBar.current = live;

  /** Lays the streamed bar over the series: the same start repaints the last bar, a later one appends. */
  const applyLive = (s: AnySeries, lineStyle: boolean) => {
    const bar = liveBar.current;
    const point = bar ? (lineStyle ? toLine([bar])[0] : toOhlc([bar])[0]) : undefined;
    if (!point) return;
    const data = s.data();
    const lastTime = data[data.length - 1]?.time as number | undefined;
    if (lastTime !== undefined && lastTime > point.time) return;
    (s as ISeriesApi<'Line'>).update(point as LineData<UTCTimestamp>);
  };

  useEffect(() => {
    let cancelled = false;
    import('lightweight-charts')
      .then((mod) => {
        if (cancelled || !container.current) return;
        const c = colours();
        lib.current = mod;
        chart.current = mod.createChart(container.current, {
          autoSize: true,
          height,
          layout: { background: { color: 'transparent' }, textColor: c.muted },
          grid: { vertLines: { color: c.line }, horzLines: { color: c.line } },
          rightPriceScale: { borderColor: c.line },
          timeScale: { borderColor: c.line, timeVisible: intraday, secondsVisible: false },
          localization: { locale: formatLocale() },
          crosshair: { mode: mod.CrosshairMode.Normal },
        });
        setReady(true);
      })
      .catch((err: unknown) => {
        if (!cancelled) setLoadError(err instanceof Error ? err.message : String(err));
      });
    return () => {
      cancelled = true;
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
    // The chart is created once; later prop changes are applied by the effects below.
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    const c = colours();
    chart.current.applyOptions({
      layout: { textColor: c.muted },
      grid: { vertLines: { color: c.line }, horzLines: { color: c.line } },
      timeScale: { timeVisible: intraday },
    });
    series.current?.applyOptions(
      style === 'candles'
        ? { upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down, borderVisible: false }
        : { color: c.accent },
    );
  }, [ready, theme, intraday, style]);

  useEffect(() => {
    const api = chart.current;
    const mod = lib.current;
    if (!ready || !api || !mod) return;
    if (series.current) api.removeSeries(series.current);
    const c = colours();
    const priceFormat = chartPriceFormat(decimals, lastBar(candles)?.close);
    if (style === 'candles') {
      const s = api.addSeries(mod.CandlestickSeries, {
        upColor: c.up,
        downColor: c.down,
        wickUpColor: c.up,
        wickDownColor: c.down,
        borderVisible: false,
        priceFormat,
      });
      s.setData(toOhlc(candles) as CandlestickData<UTCTimestamp>[]);
      series.current = s;
    } else {
      const s = api.addSeries(mod.LineSeries, { color: c.accent, lineWidth: 2, priceFormat });
      s.setData(toLine(candles) as LineData<UTCTimestamp>[]);
      series.current = s;
    }
    applyLive(series.current, style === 'line');
    setDrawn(drawnOf(series.current));
    api.timeScale().fitContent();
  }, [ready, style, candles, decimals]);

  useEffect(() => {
    const s = series.current;
    if (!ready || !s || !live) return;
    applyLive(s, style === 'line');
    setDrawn(drawnOf(s));
    // The series is drawn again with the bar by the effect above when the style or the candles change.
  }, [live]);

  useEffect(() => {
    const api = chart.current;
    if (!ready || !api) return;
    const onMove = (param: MouseEventParams) => {
      const s = series.current;
      const data = s ? param.seriesData.get(s) : undefined;
      if (!data || param.time === undefined) {
        setHover(null);
        return;
      }
      const time = param.time as number;
      const bar = data as Partial<{ open: number; high: number; low: number; close: number; value: number }>;
      if (bar.close !== undefined)
        setHover({ time, open: bar.open ?? null, high: bar.high ?? null, low: bar.low ?? null, close: bar.close });
      else if (bar.value !== undefined) setHover({ time, open: null, high: null, low: null, close: bar.value });
      else setHover(null);
    };
    api.subscribeCrosshairMove(onMove);
    return () => api.unsubscribeCrosshairMove(onMove);
  }, [ready]);

  const shown = hover ?? drawn?.last ?? lastBar(candles);
  const legendDecimals = decimals ?? chartPriceFormat(undefined, lastBar(candles)?.close).precision;
  return (
    <figure class="chart" aria-label={label}>
      <figcaption class="chart__legend num" data-testid="panel-chart-legend">
        {shown ? (
          <>
            <span>{formatTime(shown.time, intraday)}</span>
            {shown.open !== null && (
              <span>{i18n.t('chart.open', { price: formatPrice(shown.open, legendDecimals) })}</span>
            )}
            {shown.high !== null && (
              <span>{i18n.t('chart.high', { price: formatPrice(shown.high, legendDecimals) })}</span>
            )}
            {shown.low !== null && (
              <span>{i18n.t('chart.low', { price: formatPrice(shown.low, legendDecimals) })}</span>
            )}
            <span>{i18n.t('chart.close', { price: formatPrice(shown.close, legendDecimals) })}</span>
          </>
        ) : (
          <span class="muted">{i18n.t('chart.noPrices')}</span>
        )}
      </figcaption>
      {loadError && (
        <div class="banner banner--error" role="alert">
          {i18n.t('chart.loadFailed', { reason: loadError })}
        </div>
      )}
      {!ready && !loadError && <div class="muted chart__loading">{i18n.t('chart.loading')}</div>}
      <div
        ref={container}
        class="chart__canvas"
        style={{ height: `${height}px` }}
        data-testid="panel-chart"
        data-bars={drawn?.count}
        data-last-time={drawn?.last?.time}
      />
    </figure>
  );
}
