import { formatCount, formatShare, formatTime } from '../../lib/format';
// The rate budget in use: requests in the last minute against each allowance, and the weekly
// historical-data allowance. Shown on demand from the header.
import type { StreamView } from '../../lib/messages/contract';
import type { BudgetView } from '../../lib/model';

const names: Record<BudgetView['buckets'][number]['name'], string> = {
  'account-overall': 'Account requests',
  'account-trading': 'Trading requests',
  application: 'Application requests',
};

export function BudgetPanel({ budget, id, stream }: { budget: BudgetView; id: string; stream?: StreamView }) {
  return (
    <section id={id} class="budget" aria-label="Rate budget">
      {budget.buckets.length === 0 && <p class="muted">No requests counted yet.</p>}
      {budget.buckets.map((b) => {
        const share = b.limit > 0 ? Math.min(1, b.used / b.limit) : 0;
        return (
          <div key={b.name} class="budget__row">
            <span>{names[b.name]}</span>
            <meter min={0} max={b.limit} value={b.used} high={b.limit * 0.8} aria-label={`${names[b.name]} used`} />
            <span class="num">
              {b.used} / {b.limit} a minute
            </span>
            <span class="visually-hidden">{formatShare(share * 100)} used</span>
          </div>
        );
      })}
      {budget.historical && (
        <div class="budget__row">
          <span>Historical data this week</span>
          <meter min={0} max={budget.historical.total} value={budget.historical.total - budget.historical.remaining} />
          <span class="num">
            {formatCount(budget.historical.remaining)} of {formatCount(budget.historical.total)} left
          </span>
        </div>
      )}
      {stream && stream.savedPerMinute > 0 && (
        <p class="muted" data-testid="stream-saved">
          Live prices save about {stream.savedPerMinute} price requests a minute.
        </p>
      )}
      {budget.throttled && (
        <p class="banner banner--warn">
          Refreshing more slowly to stay within the allowance: {budget.throttled.reason} (until{' '}
          {formatTime(budget.throttled.until)}).
        </p>
      )}
    </section>
  );
}
