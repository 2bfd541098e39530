// The rate budget in use: requests in the last minute against each allowance, and the weekly
// historical-data allowance. Shown on demand from the header.
import { i18n } from '#i18n';
import { formatCount, formatShare, formatTime } from '../../lib/format';
import type { StreamView } from '../../lib/messages/contract';
import type { BudgetView } from '../../lib/model';

const names: Record<BudgetView['buckets'][number]['name'], () => string> = {
  'account-overall': () => i18n.t('budgetPanel.account'),
  'account-trading': () => i18n.t('budgetPanel.trading'),
  application: () => i18n.t('budgetPanel.application'),
};

export function BudgetPanel({ budget, id, stream }: { budget: BudgetView; id: string; stream?: StreamView }) {
  return (
    <section id={id} class="budget" aria-label={i18n.t('budgetPanel.label')}>
      {budget.buckets.length === 0 && <p class="muted">{i18n.t('budgetPanel.none')}</p>}
      {budget.buckets.map((b) => {
        const share = b.limit > 0 ? Math.min(1, b.used / b.limit) : 0;
        return (
          <div key={b.name} class="budget__row">
            <span>{names[b.name]()}</span>
            <meter
              min={0}
              max={b.limit}
              value={b.used}
              high={b.limit * 0.8}
              aria-label={i18n.t('budgetPanel.used', { name: names[b.name]() })}
            />
            <span class="num">{i18n.t('budgetPanel.perMinute', { used: String(b.used), limit: String(b.limit) })}</span>
            <span class="visually-hidden">{i18n.t('budgetPanel.shareUsed', { share: formatShare(share * 100) })}</span>
          </div>
        );
      })}
      {budget.historical && (
        <div class="budget__row">
          <span>{i18n.t('budgetPanel.historical')}</span>
          <meter min={0} max={budget.historical.total} value={budget.historical.total - budget.historical.remaining} />
          <span class="num">
            {i18n.t('budgetPanel.left', {
              left: formatCount(budget.historical.remaining),
              total: formatCount(budget.historical.total),
            })}
          </span>
        </div>
      )}
      {stream && stream.savedPerMinute > 0 && (
        <p class="muted" data-testid="stream-saved">
          {i18n.t('budgetPanel.saved', stream.savedPerMinute, { n: String(stream.savedPerMinute) })}
        </p>
      )}
      {budget.throttled && (
        <p class="banner banner--warn">
          {i18n.t('budgetPanel.throttled', {
            reason: budget.throttled.reason,
            until: formatTime(budget.throttled.until),
          })}
        </p>
      )}
    </section>
  );
}
