import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { AmendToggle } from './AmendToggle';
import { DealFeedback } from './DealFeedback';
import { permitOf, useDealingState } from './dealingState';
import { FormButtons } from './FormButtons';
import { useDealingAction } from './useDealingAction';

export type RowMode = 'idle' | 'amend' | 'confirm';

/** A row's dealing: whether a permit allows it, whether a lock stops it, its request and which step is open. */
export function useRowActions() {
  const state = useDealingState();
  const action = useDealingAction();
  const [mode, setMode] = useState<RowMode>('idle');
  return { permitted: permitOf(state, 'dealing'), locked: state.lock !== null, action, mode, setMode };
}
export type RowState = ReturnType<typeof useRowActions>;

/** The amend form: its fields, the first issue with them (nothing is sent while there is one), save and cancel. */
export interface AmendStep {
  toggleLabel: string;
  label: string;
  saveLabel: string;
  issue: string | null;
  onSave: () => void;
  fields: ComponentChildren;
}

/** The second action (close, delete): its button, then a step to confirm once `body` is there to show. */
export interface ConfirmStep {
  buttonLabel: string;
  buttonText: string;
  buttonDisabled: boolean;
  onOpen: () => void;
  label: string;
  body: ComponentChildren | null;
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
}

/** A position's or a working order's actions: Amend and a second action, and under them the last outcome. */
export function RowActions({
  kind,
  row: { mode, setMode, locked, action },
  decimals,
  amend,
  confirm,
}: {
  kind: 'position-actions' | 'working-order-actions';
  row: RowState;
  decimals: number | undefined;
  amend: AmendStep;
  confirm: ConfirmStep;
}) {
  return (
    <div class={kind} data-testid={kind}>
      <div class="deal-actions">
        <AmendToggle
          label={amend.toggleLabel}
          open={mode === 'amend'}
          disabled={locked}
          onToggle={() => setMode(mode === 'amend' ? 'idle' : 'amend')}
        />
        <button
          type="button"
          aria-label={confirm.buttonLabel}
          disabled={confirm.buttonDisabled}
          onClick={confirm.onOpen}
        >
          {confirm.buttonText}
        </button>
      </div>
      {mode === 'amend' && (
        <form
          class="deal-form"
          aria-label={amend.label}
          onSubmit={(e) => {
            e.preventDefault();
            if (!amend.issue) amend.onSave();
          }}
        >
          {amend.fields}
          {amend.issue && <p class="deal-issues">{amend.issue}</p>}
          <FormButtons
            label={amend.saveLabel}
            disabled={amend.issue !== null || locked || action.busy}
            onCancel={() => setMode('idle')}
          />
        </form>
      )}
      {mode === 'confirm' && confirm.body && (
        <fieldset class="deal-form" aria-label={confirm.label}>
          {confirm.body}
          <FormButtons
            label={confirm.confirmLabel}
            disabled={locked || action.busy}
            onConfirm={confirm.onConfirm}
            onCancel={() => setMode('idle')}
            cancelLabel={confirm.cancelLabel}
          />
        </fieldset>
      )}
      <DealFeedback action={action} decimals={decimals} />
    </div>
  );
}
