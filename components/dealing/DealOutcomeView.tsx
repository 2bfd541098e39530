import { reasonSentence } from '../../lib/dealing/reasons';
import { formatPrice } from '../../lib/format';
import type { DealOutcome } from '../../lib/model';

/** The result of a deal in plain words: accepted with its level, rejected with the reason, or unknown. */
export function DealOutcomeView({
  outcome,
  verb = 'Deal',
  decimals,
}: {
  outcome: DealOutcome;
  verb?: string;
  /** The market's decimal places, for the level dealt at. */
  decimals?: number;
}) {
  if (outcome.status === 'accepted')
    return (
      <p class="deal-outcome deal-outcome--accepted" role="status" data-testid="deal-outcome">
        {verb} accepted{outcome.level !== null ? ` at ${formatPrice(outcome.level, decimals)}` : ''}
        {outcome.size !== null ? `, size ${outcome.size}` : ''}. Deal id {outcome.dealId}.
      </p>
    );
  if (outcome.status === 'rejected')
    return (
      <p class="deal-outcome deal-outcome--rejected" role="alert" data-testid="deal-outcome">
        {verb} rejected: {reasonSentence(outcome.reason)}
      </p>
    );
  return (
    <p class="deal-outcome banner banner--warn" role="alert" data-testid="deal-outcome">
      Outcome unknown: the reply to this request was lost. Marketside is checking with IG
      {outcome.dealReference ? ` (reference ${outcome.dealReference})` : ''}; dealing is blocked until it knows.
    </p>
  );
}
