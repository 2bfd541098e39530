import { i18n } from '#i18n';

interface Props {
  values: (number | null)[];
  width?: number;
  height?: number;
  label?: string;
}

/** The line of a sparkline (an SVG path) and its way, or null with fewer than two points; gaps (null) are skipped. */
export function sparkShape(
  values: readonly (number | null)[],
  width: number,
  height: number,
): { d: string; trend: 'up' | 'down' | 'flat' } | null {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let first = 0;
  let final = 0;
  for (const v of values) {
    if (v === null) continue;
    if (count === 0) first = v;
    final = v;
    count++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (count < 2) return null;
  const span = max - min || 1;
  const last = values.length - 1 || 1;
  let d = '';
  for (let i = 0; i < values.length; i++) {
    const y = values[i];
    if (y === null || y === undefined) continue;
    d += `${d ? 'L' : 'M'}${((i / last) * (width - 2) + 1).toFixed(1)},${(height - 1 - ((y - min) / span) * (height - 2)).toFixed(1)}`;
  }
  return { d, trend: final > first ? 'up' : final < first ? 'down' : 'flat' };
}

/** A small line of recent prices, drawn as SVG; gaps (null) are skipped. */
export function Sparkline({ values, width = 80, height = 24, label = i18n.t('watchlist.recentPrices') }: Props) {
  const shape = sparkShape(values, width, height);
  if (!shape)
    return (
      <svg
        class="sparkline"
        width={width}
        height={height}
        aria-label={i18n.t('market.notEnoughData', { label })}
        role="img"
      />
    );
  return (
    <svg
      class={`sparkline ${shape.trend}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path d={shape.d} fill="none" stroke="currentColor" stroke-width="1.5" />
    </svg>
  );
}
