import './dealing.css';
import { useState } from 'preact/hooks';
import { parseAmount, typedIssues } from '../../lib/dealing/form';
import { inputLevel } from '../../lib/format';
import { type CostsQuote, send } from '../../lib/messages/contract';
import type { PositionView } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { CostsQuoteView } from './CostsQuoteView';
import { DealOutcomeView } from './DealOutcomeView';
import { DecimalField } from './DecimalField';
import { permitOf, useDealingState } from './dealingState';
import { FormButtons } from './FormButtons';
import { useDealingAction } from './useDealingAction';

/** Amend a position's stop and limit, or close it (close quote first). Nothing without a dealing permit. */
export function PositionActions({ position, decimals }: { position: PositionView; decimals?: number }) {
  const state = useDealingState();
  const action = useDealingAction();
  const [mode, setMode] = useState<'idle' | 'amend' | 'close'>('idle');
  const [stopText, setStopText] = useState(position.stopLevel === null ? '' : inputLevel(position.stopLevel, decimals));
  const [limitText, setLimitText] = useState(
    position.limitLevel === null ? '' : inputLevel(position.limitLevel, decimals),
  );
  const [closeQuote, setCloseQuote] = useState<CostsQuote | null>(null);
  const [verb, setVerb] = useState('Change');
  if (!permitOf(state, 'dealing')) return null;
  const locked = state.lock !== null;
  const name = `${position.direction === 'BUY' ? 'buy' : 'sell'} ${position.size} ${position.instrumentName}`;

  const stop = parseAmount(stopText);
  const limit = parseAmount(limitText);
  const typed = typedIssues({ stop: stopText, limit: limitText });
  const amendIssue =
    typed.length > 0
      ? typed[0]!.message
      : (stop !== null && !(stop > 0)) || (limit !== null && !(limit > 0))
        ? 'Levels must be positive numbers (leave empty to remove).'
        : stop !== null && position.direction === 'BUY' && stop >= (position.bid ?? Number.POSITIVE_INFINITY)
          ? 'A stop on a buy must be below the current bid.'
          : stop !== null && position.direction === 'SELL' && stop <= (position.offer ?? 0)
            ? 'A stop on a sell must be above the current offer.'
            : limit !== null && position.direction === 'BUY' && limit <= (position.bid ?? 0)
              ? 'A limit on a buy must be above the current bid.'
              : limit !== null && position.direction === 'SELL' && limit >= (position.offer ?? Number.POSITIVE_INFINITY)
                ? 'A limit on a sell must be below the current offer.'
                : null;

  const amend = () => {
    setVerb('Change');
    return action.run(
      () => send('positions.amend', { dealId: position.dealId, stopLevel: stop, limitLevel: limit }),
      (o) => {
        action.setOutcome(o);
        setMode('idle');
      },
    );
  };
  const quoteClose = () => {
    setMode('close');
    setCloseQuote(null);
    void action.run(() => send('positions.quoteClose', { dealId: position.dealId }), setCloseQuote, false);
  };
  const close = () => {
    if (!closeQuote) return;
    setVerb('Close');
    void action.run(
      () => send('positions.close', { dealId: position.dealId, quoteReference: closeQuote.quoteReference }),
      (o) => {
        action.setOutcome(o);
        setCloseQuote(null);
        setMode('idle');
      },
    );
  };

  return (
    <div class="position-actions" data-testid="position-actions">
      <div class="deal-actions">
        <button
          type="button"
          aria-label={`Amend stop and limit of ${name}`}
          aria-expanded={mode === 'amend'}
          disabled={locked}
          onClick={() => setMode(mode === 'amend' ? 'idle' : 'amend')}
        >
          Amend
        </button>
        <button type="button" aria-label={`Close ${name}`} disabled={locked || action.busy} onClick={quoteClose}>
          Close
        </button>
      </div>
      {mode === 'amend' && (
        <form
          class="deal-form"
          aria-label={`Amend ${name}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!amendIssue) void amend();
          }}
        >
          <DecimalField label="Stop level" value={stopText} onInput={setStopText} />
          <DecimalField label="Limit level" value={limitText} onInput={setLimitText} />
          {amendIssue && <p class="deal-issues">{amendIssue}</p>}
          <FormButtons
            label="Save stop and limit"
            disabled={amendIssue !== null || locked || action.busy}
            onCancel={() => setMode('idle')}
          />
        </form>
      )}
      {mode === 'close' && closeQuote && (
        <fieldset class="deal-form" aria-label={`Close ${name}`}>
          <CostsQuoteView quote={closeQuote} title="Indicative costs of closing" />
          <FormButtons
            label="Confirm close"
            disabled={locked || action.busy}
            onConfirm={close}
            onCancel={() => setMode('idle')}
          />
        </fieldset>
      )}
      {action.outcome && <DealOutcomeView outcome={action.outcome} verb={verb} decimals={decimals} />}
      {action.error && <ErrorState error={action.error} />}
    </div>
  );
}
