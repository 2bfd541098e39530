import { i18n } from '#i18n';
import { reasonSentence } from '../../lib/dealing/reasons';
import { formatPrice } from '../../lib/format';
import type { DealOutcome } from '../../lib/model';

/** What was dealt: a new deal, a working order, or a change, close or deletion of one. */
export type DealVerb = 'deal' | 'order' | 'change' | 'close' | 'deletion';

function accepted(verb: DealVerb): string {
  switch (verb) {
    case 'order':
      return i18n.t('deal.acceptedOrder');
    case 'change':
      return i18n.t('deal.acceptedChange');
    case 'close':
      return i18n.t('deal.acceptedClose');
    case 'deletion':
      return i18n.t('deal.acceptedDeletion');
    default:
      return i18n.t('deal.acceptedDeal');
  }
}

function rejected(verb: DealVerb, reason: string): string {
  switch (verb) {
    case 'order':
      return i18n.t('deal.rejectedOrder', { reason });
    case 'change':
      return i18n.t('deal.rejectedChange', { reason });
    case 'close':
      return i18n.t('deal.rejectedClose', { reason });
    case 'deletion':
      return i18n.t('deal.rejectedDeletion', { reason });
    default:
      return i18n.t('deal.rejectedDeal', { reason });
  }
}

/** The result of a deal in plain words: accepted with its level, rejected with the reason, or unknown. */
export function DealOutcomeView({
  outcome,
  verb = 'deal',
  decimals,
}: {
  outcome: DealOutcome;
  verb?: DealVerb;
  /** The market's decimal places, for the level dealt at. */
  decimals?: number;
}) {
  if (outcome.status === 'accepted')
    return (
      <p class="deal-outcome deal-outcome--accepted" role="status" data-testid="deal-outcome">
        {accepted(verb)}
        {outcome.level !== null ? ` ${i18n.t('deal.atLevel', { level: formatPrice(outcome.level, decimals) })}` : ''}
        {outcome.size !== null ? `, ${i18n.t('deal.withSize', { size: String(outcome.size) })}` : ''}.{' '}
        {i18n.t('deal.dealId', { id: outcome.dealId })}
      </p>
    );
  if (outcome.status === 'rejected')
    return (
      <p class="deal-outcome deal-outcome--rejected" role="alert" data-testid="deal-outcome">
        {rejected(verb, reasonSentence(outcome.reason))}
      </p>
    );
  return (
    <p class="deal-outcome banner banner--warn" role="alert" data-testid="deal-outcome">
      {outcome.dealReference ? i18n.t('deal.unknownRef', { reference: outcome.dealReference }) : i18n.t('deal.unknown')}
    </p>
  );
}
