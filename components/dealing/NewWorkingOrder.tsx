import { i18n } from '#i18n';
import './dealing.css';
import { useId, useState } from 'preact/hooks';
import { newDealReference } from '../../lib/api/deal-reference';
import { parseAmount, shownIssues, typedIssues } from '../../lib/dealing/form';
import { validateWorkingOrder } from '../../lib/dealing/working-order';
import { send } from '../../lib/messages/contract';
import type { Direction } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { DealIssues } from './DealIssues';
import { DealOutcomeView } from './DealOutcomeView';
import type { DealTicketProps } from './DealTicket';
import { DecimalField } from './DecimalField';
import { DirectionChoice } from './DirectionChoice';
import { permitOf, useDealingState } from './dealingState';
import { FormButtons } from './FormButtons';
import { OrderTypeField, type WorkingOrderType } from './OrderTypeField';
import { useDealingAction } from './useDealingAction';

/** The market a new order is for: the deal ticket's (its decimals go unused). */
export type NewWorkingOrderProps = Omit<DealTicketProps, 'decimals'>;

/** Creates a working order (limit or stop) on a market. Nothing without a dealing permit. */
export function NewWorkingOrder({ epic, instrumentName, facts, bid, offer }: NewWorkingOrderProps) {
  const state = useDealingState();
  const action = useDealingAction();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [direction, setDirection] = useState<Direction>('BUY');
  const [type, setType] = useState<WorkingOrderType>('LIMIT');
  const [sizeText, setSizeText] = useState('');
  const [levelText, setLevelText] = useState('');
  const [gtd, setGtd] = useState('');
  const [stopText, setStopText] = useState('');
  const [limitText, setLimitText] = useState('');
  if (!permitOf(state, 'dealing')) return null;
  const locked = state.lock !== null;

  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={locked}
        aria-label={i18n.t('deal.newOrderOn', { market: instrumentName })}
      >
        {i18n.t('deal.newOrder')}
      </button>
    );

  const gtdMs = gtd ? new Date(gtd).getTime() : null;
  const check = facts
    ? validateWorkingOrder(
        {
          epic,
          direction,
          type,
          size: parseAmount(sizeText),
          level: parseAmount(levelText),
          goodTillDate: gtdMs !== null && Number.isFinite(gtdMs) ? gtdMs : null,
          stopDistance: parseAmount(stopText),
          limitDistance: parseAmount(limitText),
        },
        facts,
        { bid, offer },
        Date.now(),
      )
    : null;
  const touched = sizeText !== '' || levelText !== '';
  const typed = typedIssues({ size: sizeText, level: levelText, stopDistance: stopText, limitDistance: limitText });
  const issues = shownIssues(check, typed, touched);

  const submit = (e: Event) => {
    e.preventDefault();
    if (!check?.ok) return;
    // One id a submit: delivered twice, the message places one order (lib/background/dealing/sent-orders.ts).
    const order = { ...check.order, requestId: newDealReference() };
    void action.run(() => send('workingOrders.create', order), action.setOutcome);
  };

  return (
    <form class="deal-form" aria-label={i18n.t('deal.newOrderOn', { market: instrumentName })} onSubmit={submit}>
      <DirectionChoice
        name={`${id}-wo-direction`}
        direction={direction}
        onChange={setDirection}
        label={(d) => (d === 'BUY' ? i18n.t('deal.buy') : i18n.t('deal.sell'))}
      />
      <OrderTypeField value={type} onChange={setType} explained />
      <DecimalField label={i18n.t('deal.size')} value={sizeText} onInput={setSizeText} />
      <DecimalField label={i18n.t('deal.orderLevel')} value={levelText} onInput={setLevelText} />
      <label>
        {i18n.t('deal.goodTill')}
        <input type="datetime-local" value={gtd} onInput={(e) => setGtd(e.currentTarget.value)} />
      </label>
      <DecimalField label={i18n.t('deal.stopDistance')} value={stopText} onInput={setStopText} />
      <DecimalField label={i18n.t('deal.limitDistance')} value={limitText} onInput={setLimitText} />
      <DealIssues issues={issues} />
      <FormButtons
        label={i18n.t('deal.placeOrder')}
        disabled={!check?.ok || locked || action.busy}
        onCancel={() => setOpen(false)}
      />
      {action.outcome && <DealOutcomeView outcome={action.outcome} verb="order" />}
      {action.error && <ErrorState error={action.error} />}
    </form>
  );
}
