// The price history of one market: resolution and range pickers, candles or line, and the weekly
// historical-data allowance left. The background answers from the cache and fetches only what is missing;
// while the stream is live and has the chart's resolution, it sends the last bar as it moves and closes.
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatCount } from '../../lib/format';
import { type ErrorView, type Replies, send } from '../../lib/messages/contract';
import type { Candle, Resolution } from '../../lib/model';
import {
  fitRange,
  isIntraday,
  pointsFor,
  type RangeKey,
  ranges,
  rangesFor,
  resolutions,
  windowFor,
} from '../../lib/sidepanel/history-range';
import { type ChartStyle, PriceChart } from '../chart/PriceChart';
import { ErrorState } from '../ErrorState';
import { usePanel } from './context';
import { settle } from './errors';
import { rangeLabel, resolutionLabel } from './spanLabel';

function resetsIn(at: number, now = Date.now()): string {
  const hours = Math.max(0, Math.round((at - now) / 3_600_000));
  if (hours < 48) return i18n.t('priceHistory.resetHours', hours, { n: String(hours) });
  const days = Math.round(hours / 24);
  return i18n.t('priceHistory.days', days, { n: String(days) });
}

export function HistorySection({
  epic,
  name,
  theme,
  decimals,
}: {
  epic: string;
  name: string;
  theme: string;
  /** The market's decimal places, for the chart's axis, crosshair and legend. */
  decimals?: number;
}) {
  const [resolution, setResolution] = useState<Resolution>('HOUR');
  const [range, setRange] = useState<RangeKey>('1W');
  const [style, setStyle] = useState<ChartStyle>('candles');
  const [history, setHistory] = useState<Replies['prices.history'] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [liveBar, setLiveBar] = useState<Candle | null>(null);
  const { live } = usePanel();

  useEffect(() => {
    setLiveBar(null);
    live.setChart('history', { epic, resolution });
    const stop = live.subscribe((message) => {
      if (message.kind === 'bar' && message.epic === epic && message.resolution === resolution) setLiveBar(message.bar);
    });
    return () => {
      stop();
      live.setChart('history', null);
    };
  }, [live, epic, resolution]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    const { from, to } = windowFor(range, Date.now());
    void settle(send('prices.history', { epic, resolution, from, to })).then((reply) => {
      if (cancelled) return;
      setLoading(false);
      if (reply.ok) setHistory(reply.data);
      else setError(reply.error);
    });
    return () => {
      cancelled = true;
    };
    // `attempt` re-asks after an error.
  }, [epic, resolution, range, attempt]);

  const allowed = rangesFor(resolution);
  const allowance = history?.allowance;

  return (
    <section class="detail-section" aria-label={i18n.t('priceHistory.title')}>
      <h3>{i18n.t('priceHistory.title')}</h3>
      <div class="chart-controls">
        <label>
          {i18n.t('priceHistory.resolution')}{' '}
          <select
            value={resolution}
            onChange={(e) => {
              const next = e.currentTarget.value as Resolution;
              setResolution(next);
              setRange(fitRange(next, range));
            }}
          >
            {resolutions.map((r) => (
              <option key={r.value} value={r.value}>
                {resolutionLabel(r.value)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {i18n.t('priceHistory.range')}{' '}
          <select value={range} onChange={(e) => setRange(e.currentTarget.value as RangeKey)}>
            {ranges
              .filter((r) => allowed.includes(r.value))
              .map((r) => (
                <option key={r.value} value={r.value}>
                  {rangeLabel(r.value)}
                </option>
              ))}
          </select>
        </label>
        <fieldset class="segmented">
          <legend class="visually-hidden">{i18n.t('priceHistory.style')}</legend>
          {(['candles', 'line'] as const).map((s) => (
            <label key={s} class={style === s ? 'on' : ''}>
              <input type="radio" name="chart-style" value={s} checked={style === s} onChange={() => setStyle(s)} />
              {s === 'candles' ? i18n.t('priceHistory.candles') : i18n.t('priceHistory.line')}
            </label>
          ))}
        </fieldset>
      </div>
      {error && <ErrorState error={error} onRetry={() => setAttempt((n) => n + 1)} />}
      <PriceChart
        candles={history?.candles ?? []}
        style={style}
        intraday={isIntraday(resolution)}
        label={i18n.t('priceHistory.chartLabel', { market: name, resolution: resolutionLabel(resolution) })}
        theme={theme}
        live={liveBar}
        decimals={decimals}
      />
      <p class="muted allowance" data-testid="panel-allowance">
        {loading && <span aria-live="polite">{i18n.t('priceHistory.loading')} </span>}
        {i18n.t('priceHistory.upTo', pointsFor(resolution, range), { n: formatCount(pointsFor(resolution, range)) })}{' '}
        {history &&
          `${
            history.requestedPoints > 0
              ? i18n.t('priceHistory.used', history.requestedPoints, { n: formatCount(history.requestedPoints) })
              : i18n.t('priceHistory.fromCache')
          } `}
        {allowance && (
          <span>
            {i18n.t('priceHistory.allowance', {
              left: formatCount(allowance.remainingAllowance),
              total: formatCount(allowance.totalAllowance),
              resets: resetsIn(allowance.resetsAt),
            })}
          </span>
        )}
      </p>
    </section>
  );
}
