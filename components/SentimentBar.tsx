import { i18n } from '#i18n';
import { formatChange, formatShare } from '../lib/format';

interface Props {
  long: number;
  short: number;
  /** The long percentage when the user last looked, to show the change since. */
  previousLong?: number | null;
  compact?: boolean;
}

/** Client sentiment as a long/short bar. Observational data, not a signal. */
export function SentimentBar({ long, short, previousLong, compact }: Props) {
  const known = long + short > 0;
  const delta = known && previousLong !== null && previousLong !== undefined ? long - previousLong : null;
  const label = known
    ? i18n.t('sentiment.label', { long: formatShare(long), short: formatShare(short) })
    : i18n.t('sentiment.unavailable');
  return (
    <div class={`sentiment${compact ? ' sentiment--compact' : ''}`} role="img" aria-label={label} title={label}>
      <div class="sentiment__bar" style={{ '--long': `${known ? long : 50}%`, '--short': `${known ? short : 50}%` }} />
      {!compact && (
        <div class="sentiment__labels">
          <span class="up">{known ? i18n.t('sentiment.long', { pct: formatShare(long) }) : '–'}</span>
          {delta !== null && delta !== 0 && (
            <span class="sentiment__delta" title={i18n.t('sentiment.deltaTitle')}>
              {i18n.t('sentiment.points', { change: formatChange(delta, 2) })}
            </span>
          )}
          <span class="down">{known ? i18n.t('sentiment.short', { pct: formatShare(short) }) : '–'}</span>
        </div>
      )}
    </div>
  );
}
