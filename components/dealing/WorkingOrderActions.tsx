import './dealing.css';
import { useState } from 'preact/hooks';
import { parseAmount, typedIssues } from '../../lib/dealing/form';
import { formatPrice, inputLevel } from '../../lib/format';
import { send } from '../../lib/messages/contract';
import type { WorkingOrderView } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { DealOutcomeView } from './DealOutcomeView';
import { DecimalField } from './DecimalField';
import { permitOf, useDealingState } from './dealingState';
import { FormButtons } from './FormButtons';
import { useDealingAction } from './useDealingAction';

/** Amend or delete a working order. Nothing without a dealing permit. */
export function WorkingOrderActions({ order, decimals }: { order: WorkingOrderView; decimals?: number }) {
  const state = useDealingState();
  const action = useDealingAction();
  const [mode, setMode] = useState<'idle' | 'amend' | 'delete'>('idle');
  const [levelText, setLevelText] = useState(inputLevel(order.level, decimals));
  const [type, setType] = useState<'LIMIT' | 'STOP'>(order.orderType);
  const [stopText, setStopText] = useState(
    order.stopDistance === null ? '' : inputLevel(order.stopDistance, undefined),
  );
  const [limitText, setLimitText] = useState(
    order.limitDistance === null ? '' : inputLevel(order.limitDistance, undefined),
  );
  const [verb, setVerb] = useState('Change');
  if (!permitOf(state, 'dealing')) return null;
  const locked = state.lock !== null;
  const name = `${order.orderType.toLowerCase()} order to ${order.direction === 'BUY' ? 'buy' : 'sell'} ${order.size} ${order.instrumentName} at ${formatPrice(order.level, decimals)}`;

  const level = parseAmount(levelText);
  const stopDistance = parseAmount(stopText);
  const limitDistance = parseAmount(limitText);
  const typed = typedIssues({ level: levelText, stop: stopText, limit: limitText });
  const issue =
    typed.length > 0
      ? typed[0]!.message
      : level === null || !(level > 0)
        ? 'Enter the order level.'
        : (stopDistance !== null && !(stopDistance > 0)) || (limitDistance !== null && !(limitDistance > 0))
          ? 'Distances must be positive numbers (leave empty for none).'
          : null;

  const amend = () => {
    if (issue || level === null) return;
    setVerb('Change');
    void action.run(
      () =>
        send('workingOrders.amend', {
          dealId: order.dealId,
          level,
          type,
          timeInForce: order.timeInForce === 'GOOD_TILL_DATE' ? 'GOOD_TILL_DATE' : 'GOOD_TILL_CANCELLED',
          goodTillDate: order.goodTillDate ? Date.parse(order.goodTillDate) || null : null,
          stopDistance,
          limitDistance,
        }),
      (o) => {
        action.setOutcome(o);
        setMode('idle');
      },
    );
  };
  const remove = () => {
    setVerb('Deletion');
    void action.run(
      () => send('workingOrders.delete', { dealId: order.dealId }),
      (o) => {
        action.setOutcome(o);
        setMode('idle');
      },
    );
  };

  return (
    <div class="working-order-actions" data-testid="working-order-actions">
      <div class="deal-actions">
        <button
          type="button"
          aria-label={`Amend ${name}`}
          aria-expanded={mode === 'amend'}
          disabled={locked}
          onClick={() => setMode(mode === 'amend' ? 'idle' : 'amend')}
        >
          Amend
        </button>
        <button type="button" aria-label={`Delete ${name}`} disabled={locked} onClick={() => setMode('delete')}>
          Delete
        </button>
      </div>
      {mode === 'amend' && (
        <form
          class="deal-form"
          aria-label={`Amend ${name}`}
          onSubmit={(e) => {
            e.preventDefault();
            amend();
          }}
        >
          <DecimalField label="Order level" value={levelText} onInput={setLevelText} />
          <label>
            Order type
            <select value={type} onChange={(e) => setType(e.currentTarget.value as 'LIMIT' | 'STOP')}>
              <option value="LIMIT">Limit</option>
              <option value="STOP">Stop</option>
            </select>
          </label>
          <DecimalField label="Stop distance" value={stopText} onInput={setStopText} />
          <DecimalField label="Limit distance" value={limitText} onInput={setLimitText} />
          {issue && <p class="deal-issues">{issue}</p>}
          <FormButtons
            label="Save order"
            disabled={issue !== null || locked || action.busy}
            onCancel={() => setMode('idle')}
          />
        </form>
      )}
      {mode === 'delete' && (
        <fieldset class="deal-form" aria-label={`Delete ${name}`}>
          <p>Delete this working order? It will no longer trigger.</p>
          <FormButtons
            label="Delete order"
            disabled={locked || action.busy}
            onConfirm={remove}
            onCancel={() => setMode('idle')}
            cancelLabel="Keep it"
          />
        </fieldset>
      )}
      {action.outcome && <DealOutcomeView outcome={action.outcome} verb={verb} decimals={decimals} />}
      {action.error && <ErrorState error={action.error} />}
    </div>
  );
}
