import { i18n } from '#i18n';
import './dealing.css';
import { useId, useState } from 'preact/hooks';
import { parseAmount, typedIssues } from '../../lib/dealing/form';
import { validateWorkingOrder } from '../../lib/dealing/working-order';
import { send } from '../../lib/messages/contract';
import type { Direction, MarketFacts } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { DealOutcomeView } from './DealOutcomeView';
import { DecimalField } from './DecimalField';
import { DirectionChoice } from './DirectionChoice';
import { permitOf, useDealingState } from './dealingState';
import { FormButtons } from './FormButtons';
import { useDealingAction } from './useDealingAction';

export interface NewWorkingOrderProps {
  epic: string;
  instrumentName: string;
  facts: MarketFacts | null;
  bid: number | null;
  offer: number | null;
}

/** Creates a working order (limit or stop) on a market. Nothing without a dealing permit. */
export function NewWorkingOrder({ epic, instrumentName, facts, bid, offer }: NewWorkingOrderProps) {
  const state = useDealingState();
  const action = useDealingAction();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [direction, setDirection] = useState<Direction>('BUY');
  const [type, setType] = useState<'LIMIT' | 'STOP'>('LIMIT');
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
  const issues =
    check && !check.ok && (touched || typed.length > 0)
      ? [...typed, ...check.issues.filter((i) => !typed.some((t) => t.field === i.field))]
      : [];

  const submit = (e: Event) => {
    e.preventDefault();
    if (!check?.ok) return;
    void action.run(() => send('workingOrders.create', check.order), action.setOutcome);
  };

  return (
    <form class="deal-form" aria-label={i18n.t('deal.newOrderOn', { market: instrumentName })} onSubmit={submit}>
      <DirectionChoice
        name={`${id}-wo-direction`}
        direction={direction}
        onChange={setDirection}
        label={(d) => (d === 'BUY' ? i18n.t('deal.buy') : i18n.t('deal.sell'))}
      />
      <label>
        {i18n.t('deal.orderType')}
        <select value={type} onChange={(e) => setType(e.currentTarget.value as 'LIMIT' | 'STOP')}>
          <option value="LIMIT">{i18n.t('deal.typeLimitBetter')}</option>
          <option value="STOP">{i18n.t('deal.typeStopThrough')}</option>
        </select>
      </label>
      <label>
        {i18n.t('deal.size')}
        <input type="text" inputMode="decimal" value={sizeText} onInput={(e) => setSizeText(e.currentTarget.value)} />
      </label>
      <DecimalField label={i18n.t('deal.orderLevel')} value={levelText} onInput={setLevelText} />
      <label>
        {i18n.t('deal.goodTill')}
        <input type="datetime-local" value={gtd} onInput={(e) => setGtd(e.currentTarget.value)} />
      </label>
      <DecimalField label={i18n.t('deal.stopDistance')} value={stopText} onInput={setStopText} />
      <DecimalField label={i18n.t('deal.limitDistance')} value={limitText} onInput={setLimitText} />
      {issues.length > 0 && (
        <ul class="deal-issues" aria-live="polite">
          {issues.map((i) => (
            <li key={i.field + i.message}>{i.message}</li>
          ))}
        </ul>
      )}
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
