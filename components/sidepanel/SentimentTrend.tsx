// Client sentiment over time, from the readings the background has recorded.
import { formatAge } from '../../lib/format';
import type { SentimentPoint } from '../../lib/model';
import { trendShape } from '../../lib/sidepanel/trend';

const W = 280;
const H = 64;

function when(t: number): string {
  return new Date(t).toLocaleString('en-GB', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });
}

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
    `Clients long on ${name}: ${shape.last.long.toFixed(0)}% now, ${shape.first.long.toFixed(0)}% on ${when(shape.first.t)}; ` +
    `between ${shape.min.toFixed(0)}% and ${shape.max.toFixed(0)}% over ${points.length} readings`;
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
          {shape.low.toFixed(0)}–{shape.high.toFixed(0)}% long
        </span>
        <span class={change > 0 ? 'up' : change < 0 ? 'down' : ''}>
          {change > 0 ? '+' : change < 0 ? '−' : '±'}
          {Math.abs(change).toFixed(1)} pts long
        </span>
        <span>{formatAge(shape.last.t)}</span>
      </figcaption>
    </figure>
  );
}
