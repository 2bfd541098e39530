// Set a price alert on one market: above or below a level, a percentage move, or a client-sentiment
// threshold, with optional quiet hours. Checked here first (validateDraft), then by the background.

import { useId, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { conditionText } from '../../lib/alerts/describe';
import { type DraftErrors, validateDraft } from '../../lib/alerts/draft';
import { usableMid } from '../../lib/alerts/evaluate';
import { formatPrice } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { AlertRule } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { settle } from './settle';
import './alerts.css';

interface Props {
  epic: string;
  instrumentName: string;
  marketId: string | null;
  bid: number | null;
  offer: number | null;
  /** The market's decimal places (lib/format marketDecimals). */
  decimals?: number;
}

type Kind = AlertRule['kind'];

const KINDS: { kind: Kind; label: () => string; unit: () => string; sentiment: boolean }[] = [
  { kind: 'above', label: () => i18n.t('alert.form.rises'), unit: () => i18n.t('market.price'), sentiment: false },
  { kind: 'below', label: () => i18n.t('alert.form.falls'), unit: () => i18n.t('market.price'), sentiment: false },
  {
    kind: 'move-pct',
    label: () => i18n.t('alert.form.moves'),
    unit: () => i18n.t('alert.form.movePct'),
    sentiment: false,
  },
  {
    kind: 'sentiment-long-above',
    label: () => i18n.t('alert.form.longAtLeast'),
    unit: () => i18n.t('alert.form.longPct'),
    sentiment: true,
  },
  {
    kind: 'sentiment-long-below',
    label: () => i18n.t('alert.form.longAtMost'),
    unit: () => i18n.t('alert.form.longPct'),
    sentiment: true,
  },
];

export function AlertForm({ epic, instrumentName, marketId, bid, offer, decimals }: Props) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('above');
  const [target, setTarget] = useState('');
  const [quietEnabled, setQuietEnabled] = useState(false);
  const [quietFrom, setQuietFrom] = useState('22:00');
  const [quietTo, setQuietTo] = useState('07:00');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const mid = usableMid({ bid, offer });
  const current = KINDS.find((k) => k.kind === kind) ?? KINDS[0]!;

  const submit = async (event: Event) => {
    event.preventDefault();
    setCreated(null);
    setFailure(null);
    const result = validateDraft({ epic, kind, target, quietEnabled, quietFrom, quietTo }, mid);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const reply = await settle(send('alerts.create', result.draft));
    setBusy(false);
    if (reply.ok) {
      setCreated(
        i18n.t('alert.form.created', {
          market: reply.data.instrumentName,
          condition: conditionText(reply.data, decimals),
        }),
      );
      setTarget('');
    } else if (reply.error.kind === 'validation' && reply.error.field === 'target') {
      setErrors({ target: reply.error.message });
    } else {
      setFailure(reply.error);
    }
  };

  return (
    <form class="alert-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <strong id={`${id}-title`}>{i18n.t('alert.form.title', { market: instrumentName })}</strong>
      <div class="alert-form__row">
        <label>
          <span class="visually-hidden">{i18n.t('alert.form.when')}</span>
          <select value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind} disabled={k.sentiment && !marketId}>
                {k.label()}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span class="visually-hidden">{current.unit()}</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={current.unit()}
            value={target}
            onInput={(e) => setTarget(e.currentTarget.value)}
            aria-invalid={errors.target ? 'true' : undefined}
            aria-describedby={errors.target ? `${id}-target-error` : `${id}-now`}
          />
        </label>
        <span class="muted num" id={`${id}-now`}>
          {mid !== null
            ? i18n.t('alert.form.now', { price: formatPrice(mid, decimals) })
            : i18n.t('alert.form.noPrice')}
        </span>
      </div>
      {errors.target && (
        <span class="field-error" id={`${id}-target-error`}>
          {errors.target}
        </span>
      )}
      <div class="alert-form__row">
        <label>
          <input type="checkbox" checked={quietEnabled} onChange={(e) => setQuietEnabled(e.currentTarget.checked)} />{' '}
          {i18n.t('alert.form.quietHours')}
        </label>
        {quietEnabled && (
          <>
            <TimeField
              label={i18n.t('alert.form.from')}
              value={quietFrom}
              onInput={setQuietFrom}
              invalid={!!errors.quiet}
            />
            <TimeField label={i18n.t('alert.form.to')} value={quietTo} onInput={setQuietTo} invalid={!!errors.quiet} />
          </>
        )}
      </div>
      {errors.quiet && <span class="field-error">{errors.quiet}</span>}
      <div class="alert-form__row">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? i18n.t('alert.form.setting') : i18n.t('alert.form.set')}
        </button>
        <span role="status" class="muted">
          {created ?? ''}
        </span>
      </div>
      {failure && <ErrorState error={failure} />}
    </form>
  );
}

/** One end of the quiet hours. */
function TimeField(props: { label: string; value: string; onInput: (value: string) => void; invalid: boolean }) {
  return (
    <label>
      {props.label}{' '}
      <input
        type="time"
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        aria-invalid={props.invalid ? 'true' : undefined}
      />
    </label>
  );
}
