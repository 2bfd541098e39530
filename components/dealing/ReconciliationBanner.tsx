import './dealing.css';
import { useState } from 'preact/hooks';
import { lastSettlement } from '../../lib/dealing/settlement';
import { type ErrorView, send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';
import { DealOutcomeView } from './DealOutcomeView';
import { permitOf, refreshDealingState, useDealingState } from './dealingState';

const SHOW_SETTLEMENT_MS = 24 * 3600_000;

/**
 * Blocks dealing while an unknown outcome is being reconciled, and tells the user what happened once
 * it is settled. Renders nothing without a dealing permit, unless a lock is open (a lock always shows).
 */
export function ReconciliationBanner() {
  const state = useDealingState();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const { lock, settlement } = state;

  if (lock) {
    const check = async () => {
      setBusy(true);
      setError(null);
      const reply = await send('lock.reconcile', {});
      setBusy(false);
      if (!reply.ok) setError(reply.error);
      refreshDealingState();
    };
    return (
      <div class="banner banner--warn" role="alert" data-testid="dealing-lock-banner" data-unkept>
        <strong>Dealing is blocked: the outcome of a deal is unknown.</strong>
        <div>
          A {describeOperation(lock.operation)}
          {lock.epic ? ` on ${lock.epic}` : ''} was sent but its reply was lost (reference {lock.dealReference}).
          Marketside is checking the account with IG; no other deal can be placed until it knows what happened.
          {lock.attempts > 0 && ` Checked ${lock.attempts} time${lock.attempts === 1 ? '' : 's'} so far.`}
          {lock.lastError && ` Last check: ${lock.lastError}`}
        </div>
        <button type="button" onClick={check} disabled={busy}>
          {busy ? 'Checking…' : 'Check now'}
        </button>
        {error && <ErrorState error={error} />}
      </div>
    );
  }

  if (!settlement || Date.now() - settlement.settledAt > SHOW_SETTLEMENT_MS) return null;
  if (!settlement.warning && !permitOf(state, 'dealing')) return null;
  return (
    <div
      data-unkept
      class={`banner${settlement.warning ? ' banner--error' : ''}`}
      role={settlement.warning ? 'alert' : 'status'}
      data-testid="dealing-settled-banner"
    >
      <strong>{settlement.warning ? 'Check your positions:' : settlement.direct ? 'Last deal:' : 'Reconciled:'}</strong>{' '}
      {settlement.summary}
      {settlement.outcome && <DealOutcomeView outcome={settlement.outcome} />}
      <button type="button" onClick={() => void lastSettlement.setValue(null)}>
        Dismiss
      </button>
    </div>
  );
}

function describeOperation(operation: string): string {
  switch (operation) {
    case 'positions.create':
      return 'new deal';
    case 'positions.amend':
      return 'change to a position';
    case 'positions.close':
      return 'close of a position';
    case 'working_orders.create':
      return 'new working order';
    case 'working_orders.amend':
      return 'change to a working order';
    case 'working_orders.delete':
      return 'deletion of a working order';
    default:
      return 'dealing request';
  }
}
