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
  const label = known ? `Clients ${formatShare(long)} long, ${formatShare(short)} short` : 'Sentiment unavailable';
  return (
    <div class={`sentiment${compact ? ' sentiment--compact' : ''}`} role="img" aria-label={label} title={label}>
      <div class="sentiment__bar">
        <span class="sentiment__long" style={{ width: `${known ? long : 50}%` }} />
        <span class="sentiment__short" style={{ width: `${known ? short : 50}%` }} />
      </div>
      {!compact && (
        <div class="sentiment__labels">
          <span class="up">{known ? `${formatShare(long)} long` : '–'}</span>
          {delta !== null && delta !== 0 && (
            <span class="sentiment__delta" title="Change in long % since you last looked">
              {`${formatChange(delta, 2)} pts`}
            </span>
          )}
          <span class="down">{known ? `${formatShare(short)} short` : '–'}</span>
        </div>
      )}
    </div>
  );
}
