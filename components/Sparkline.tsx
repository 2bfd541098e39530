import { i18n } from '#i18n';

interface Props {
  values: (number | null)[];
  width?: number;
  height?: number;
  label?: string;
}

/** A small line of recent prices, drawn as SVG; gaps (null) are skipped. */
export function Sparkline({ values, width = 80, height = 24, label = i18n.t('watchlist.recentPrices') }: Props) {
  const points = values.map((v, i) => [i, v] as const).filter((p): p is readonly [number, number] => p[1] !== null);
  if (points.length < 2)
    return (
      <svg
        class="sparkline"
        width={width}
        height={height}
        aria-label={i18n.t('market.notEnoughData', { label })}
        role="img"
      />
    );
  const ys = points.map((p) => p[1]);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const span = max - min || 1;
  const last = values.length - 1 || 1;
  const d = points
    .map(
      ([i, y], n) =>
        `${n === 0 ? 'M' : 'L'}${((i / last) * (width - 2) + 1).toFixed(1)},${(height - 1 - ((y - min) / span) * (height - 2)).toFixed(1)}`,
    )
    .join('');
  const first = points[0]![1];
  const final = points[points.length - 1]![1];
  const trend = final > first ? 'up' : final < first ? 'down' : 'flat';
  return (
    <svg
      class={`sparkline ${trend}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path d={d} fill="none" stroke="currentColor" stroke-width="1.5" />
    </svg>
  );
}
