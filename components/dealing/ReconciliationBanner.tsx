import { i18n } from '#i18n';
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
        <strong>{i18n.t('deal.lockTitle')}</strong>
        <div>
          {lock.epic
            ? i18n.t('deal.lockSentOn', {
                operation: describeOperation(lock.operation),
                epic: lock.epic,
                reference: lock.dealReference,
              })
            : i18n.t('deal.lockSent', {
                operation: describeOperation(lock.operation),
                reference: lock.dealReference,
              })}{' '}
          {i18n.t('deal.lockChecking')}
          {lock.attempts > 0 && ` ${i18n.t('deal.lockAttempts', lock.attempts, { n: String(lock.attempts) })}`}
          {lock.lastError && ` ${i18n.t('deal.lockLastError', { error: lock.lastError })}`}
        </div>
        <button type="button" onClick={check} disabled={busy}>
          {busy ? i18n.t('deal.checking') : i18n.t('deal.checkNow')}
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
      <strong>
        {settlement.warning
          ? i18n.t('deal.settledWarning')
          : settlement.direct
            ? i18n.t('deal.settledDirect')
            : i18n.t('deal.settledReconciled')}
      </strong>{' '}
      {settlement.summary}
      {settlement.outcome && <DealOutcomeView outcome={settlement.outcome} />}
      <button type="button" onClick={() => void lastSettlement.setValue(null)}>
        {i18n.t('deal.dismiss')}
      </button>
    </div>
  );
}

function describeOperation(operation: string): string {
  switch (operation) {
    case 'positions.create':
      return i18n.t('deal.opNewDeal');
    case 'positions.amend':
      return i18n.t('deal.opAmendPosition');
    case 'positions.close':
      return i18n.t('deal.opClosePosition');
    case 'working_orders.create':
      return i18n.t('deal.opNewOrder');
    case 'working_orders.amend':
      return i18n.t('deal.opAmendOrder');
    case 'working_orders.delete':
      return i18n.t('deal.opDeleteOrder');
    default:
      return i18n.t('deal.opOther');
  }
}
