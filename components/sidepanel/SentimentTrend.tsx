// Client sentiment over time, from the readings the background has recorded.

import { i18n } from '#i18n';
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
        {i18n.t('trend.buildsUp', points.length, { n: String(points.length) })}
      </p>
    );
  const change = shape.last.long - shape.first.long;
  const label = i18n.t('trend.label', points.length, {
    market: name,
    now: formatShare(shape.last.long),
    first: formatShare(shape.first.long),
    at: when(shape.first.t),
    min: formatShare(shape.min),
    max: formatShare(shape.max),
    n: String(points.length),
  });
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
        <span>{i18n.t('sentiment.long', { pct: `${formatNumber(shape.low, 0)}–${formatShare(shape.high)}` })}</span>
        <span class={change > 0 ? 'up' : change < 0 ? 'down' : ''}>
          {i18n.t('trend.change', {
            change: `${change > 0 ? '+' : change < 0 ? '−' : '±'}${formatNumber(Math.abs(change), 1)}`,
          })}
        </span>
        <span>{formatAge(shape.last.t)}</span>
      </figcaption>
    </figure>
  );
}
