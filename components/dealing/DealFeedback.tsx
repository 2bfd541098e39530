import type { ErrorView } from '../../lib/messages/contract';
import type { DealOutcome } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { DealOutcomeView, type DealVerb } from './DealOutcomeView';

/** Under a position's or an order's actions: the last change's outcome, or why it failed. */
export function DealFeedback({
  action,
  decimals,
}: {
  action: { outcome: DealOutcome | null; error: ErrorView | null; verb: DealVerb };
  decimals?: number | undefined;
}) {
  return (
    <>
      {action.outcome && <DealOutcomeView outcome={action.outcome} verb={action.verb} decimals={decimals} />}
      {action.error && <ErrorState error={action.error} />}
    </>
  );
}
