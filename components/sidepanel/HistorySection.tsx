// The price history of one market: resolution and range pickers, candles or line, and the weekly
// historical-data allowance left. The background answers from the cache and fetches only what is missing;
// while the stream is live and has the chart's resolution, it sends the last bar as it moves and closes.
import { useEffect, useState } from 'preact/hooks';
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

function resetsIn(at: number, now = Date.now()): string {
  const hours = Math.max(0, Math.round((at - now) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
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
  const resolutionLabel = resolutions.find((r) => r.value === resolution)?.label ?? resolution;

  return (
    <section class="detail-section" aria-label="Price history">
      <h3>Price history</h3>
      <div class="chart-controls">
        <label>
          Resolution{' '}
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
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Range{' '}
          <select value={range} onChange={(e) => setRange(e.currentTarget.value as RangeKey)}>
            {ranges
              .filter((r) => allowed.includes(r.value))
              .map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
          </select>
        </label>
        <fieldset class="segmented">
          <legend class="visually-hidden">Chart style</legend>
          {(['candles', 'line'] as const).map((s) => (
            <label key={s} class={style === s ? 'on' : ''}>
              <input type="radio" name="chart-style" value={s} checked={style === s} onChange={() => setStyle(s)} />
              {s === 'candles' ? 'Candles' : 'Line'}
            </label>
          ))}
        </fieldset>
      </div>
      {error && <ErrorState error={error} onRetry={() => setAttempt((n) => n + 1)} />}
      <PriceChart
        candles={history?.candles ?? []}
        style={style}
        intraday={isIntraday(resolution)}
        label={`Price chart of ${name}, ${resolutionLabel} bars`}
        theme={theme}
        live={liveBar}
        decimals={decimals}
      />
      <p class="muted allowance" data-testid="panel-allowance">
        {loading && <span aria-live="polite">Loading history… </span>}
        Up to {pointsFor(resolution, range)} bars for this range.{' '}
        {history &&
          (history.requestedPoints > 0
            ? `This view used ${formatCount(history.requestedPoints)} points of the allowance. `
            : 'All from the cache: no allowance used. ')}
        {allowance && (
          <span>
            Weekly historical data allowance: {formatCount(allowance.remainingAllowance)} of{' '}
            {formatCount(allowance.totalAllowance)} points left, resets in {resetsIn(allowance.resetsAt)}.
          </span>
        )}
      </p>
    </section>
  );
}
