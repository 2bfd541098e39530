// Client sentiment over time, from the readings the background has recorded.
import { formatAge, formatMoment, formatNumber, formatShare } from '../../lib/format';
import type { SentimentPoint } from '../../lib/model';
import { trendShape } from '../../lib/sidepanel/trend';

const W = 280;
const H = 64;

const when = (t: number) => formatMoment(t);

export function SentimentTrend({ points, name }: { points: SentimentPoint[]; name: string }) {
  const shape = trendShape(points, W, H);
  if (!shape)
    return (
      <p class="muted" data-testid="panel-sentiment-trend">
        The trend builds up as Marketside records sentiment while you watch ({points.length}{' '}
        {points.length === 1 ? 'reading' : 'readings'} so far).
      </p>
    );
  const change = shape.last.long - shape.first.long;
  const label =
    `Clients long on ${name}: ${formatShare(shape.last.long)} now, ${formatShare(shape.first.long)} on ${when(shape.first.t)}; ` +
    `between ${formatShare(shape.min)} and ${formatShare(shape.max)} over ${points.length} readings`;
  return (
    <figure class="trend" data-testid="panel-sentiment-trend">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} role="img" aria-label={label} preserveAspectRatio="none">
        {shape.midY !== null && (
          <line x1="0" x2={W} y1={shape.midY} y2={shape.midY} class="trend__mid" stroke-dasharray="3 3" />
        )}
        <path d={shape.path} fill="none" stroke="currentColor" stroke-width="1.5" vector-effect="non-scaling-stroke" />
      </svg>
      <figcaption class="trend__caption muted">
        <span>{when(shape.first.t)}</span>
        <span>
          {formatNumber(shape.low, 0)}–{formatShare(shape.high)} long
        </span>
        <span class={change > 0 ? 'up' : change < 0 ? 'down' : ''}>
          {change > 0 ? '+' : change < 0 ? '−' : '±'}
          {formatNumber(Math.abs(change), 1)} pts long
        </span>
        <span>{formatAge(shape.last.t)}</span>
      </figcaption>
    </figure>
  );
}
