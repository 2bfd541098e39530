import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ConnectionView, type ErrorView, type StatusView, send } from '../../lib/messages/contract';
import type { PermitScope } from '../../lib/model';
import { DEFAULT_DURATION_ID, DURATIONS } from '../../lib/options/permit-durations';
import { describeExpiry, isLiveLike } from '../../lib/permit/lifecycle';
import { permitOf, refreshDealingState, useDealingState } from '../dealing/dealingState';
import { ErrorState } from '../ErrorState';
import { rich, slot } from '../rich';

interface ScopeText {
  title: string;
  allows: string[];
  consent: string;
  off: string;
  turnOn: string;
  turnOff: string;
  grantLabel: string;
  grant: string;
}

const TEXT: Record<Exclude<PermitScope, 'watchlists'>, () => ScopeText> = {
  dealing: () => ({
    title: i18n.t('permit.dealingTitle'),
    allows: [
      i18n.t('permit.dealingAllowsTicket'),
      i18n.t('permit.dealingAllowsEffect'),
      i18n.t('permit.dealingAllowsCosts'),
      i18n.t('permit.ends'),
    ],
    consent: i18n.t('permit.dealingConsent'),
    off: i18n.t('permit.offDealing'),
    turnOn: i18n.t('permit.turnOnDealing'),
    turnOff: i18n.t('permit.turnOffDealing'),
    grantLabel: i18n.t('permit.grantDealingLabel'),
    grant: i18n.t('permit.grantDealing'),
  }),
  applications: () => ({
    title: i18n.t('permit.appsTitle'),
    allows: [i18n.t('permit.appsAllowsChange'), i18n.t('permit.appsAllowsDisable'), i18n.t('permit.ends')],
    consent: i18n.t('permit.appsConsent'),
    off: i18n.t('permit.offApps'),
    turnOn: i18n.t('permit.turnOnApps'),
    turnOff: i18n.t('permit.turnOffApps'),
    grantLabel: i18n.t('permit.grantAppsLabel'),
    grant: i18n.t('permit.grantApps'),
  }),
};

const ENV_LABEL = {
  demo: () => i18n.t('permit.envDemo'),
  live: () => i18n.t('permit.envLive'),
  custom: () => i18n.t('permit.envCustom'),
} as const;

const bold = (text: string) => <strong>{text}</strong>;

/** Off by default; turning it on is explicit (read, confirm, and for live accounts type the account id). */
export function PermitSection({ scope, status }: { scope: 'dealing' | 'applications'; status: StatusView | null }) {
  const dealing = useDealingState();
  const permit = permitOf(dealing, scope);
  const [open, setOpen] = useState(false);
  const [ack, setAck] = useState(false);
  const [typed, setTyped] = useState('');
  const [durationId, setDurationId] = useState(DEFAULT_DURATION_ID);
  const [error, setError] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [connection, setConnection] = useState<ConnectionView | null>(null);
  const [, tick] = useState(0);

  useEffect(() => {
    void send('connection.get', {}).then((r) => r.ok && setConnection(r.data));
  }, [status?.environment, status?.account?.accountId]);
  useEffect(() => {
    const timer = setInterval(() => tick((t) => t + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  const text = TEXT[scope]();
  const account = status?.account ?? null;
  const environment = status?.environment ?? connection?.environment ?? null;
  const liveLike = environment !== null && isLiveLike(environment, connection?.baseUrl ?? null);
  const id = `permit-${scope}`;

  const revoke = async () => {
    setBusy(true);
    const reply = await send('permit.revoke', { scope });
    setBusy(false);
    if (!reply.ok) setError(reply.error);
    refreshDealingState();
  };

  const grant = async (e: Event) => {
    e.preventDefault();
    if (!account || !ack) return;
    setBusy(true);
    setError(null);
    const reply = await send('permit.grant', {
      scope,
      accountId: account.accountId,
      confirmAccountId: liveLike ? typed.trim() : null,
      durationMs: DURATIONS.find((d) => d.id === durationId)?.ms ?? null,
      acknowledged: true,
    });
    setBusy(false);
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setOpen(false);
    setAck(false);
    setTyped('');
    refreshDealingState();
  };

  return (
    <section aria-labelledby={`${id}-title`} class="options-section" data-testid={`options-${id}`}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      {permit ? (
        <div class={`banner ${permit.environment === 'live' ? 'banner--error' : 'banner--warn'}`} role="status">
          <strong>{i18n.t('permit.on')}</strong>{' '}
          {i18n.t('permit.onFor', {
            account: permit.accountId,
            environment: ENV_LABEL[permit.environment](),
            expiry: describeExpiry(permit, Date.now()),
          })}{' '}
          <button type="button" class="primary" onClick={revoke} disabled={busy}>
            {text.turnOff}
          </button>
        </div>
      ) : (
        <p>
          <strong>{i18n.t('permit.off')}</strong> {text.off}
        </p>
      )}
      {!permit && !open && (
        <button type="button" onClick={() => setOpen(true)} disabled={!account}>
          {text.turnOn}
        </button>
      )}
      {!permit && !account && <p class="muted">{i18n.t('permit.connectFirst')}</p>}
      {!permit && open && account && (
        <form class="permit-form" onSubmit={grant} aria-label={text.grantLabel}>
          <p>{i18n.t('permit.allows')}</p>
          <ul>
            {text.allows.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            {rich(
              i18n.t('permit.accountOn', {
                account: slot('account'),
                name: account.accountName,
                environment: slot('environment'),
              }),
              {
                account: bold(account.accountId),
                environment: bold(environment ? ENV_LABEL[environment]() : '—'),
              },
            )}
            {liveLike && <strong class="down"> — {i18n.t('permit.realMoney')}</strong>}.
          </p>
          <div class="field">
            <label for={`${id}-duration`}>{i18n.t('permit.lasts')}</label>
            <select id={`${id}-duration`} value={durationId} onChange={(e) => setDurationId(e.currentTarget.value)}>
              {DURATIONS.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label()}
                </option>
              ))}
            </select>
          </div>
          <label class="choice">
            <input type="checkbox" checked={ack} onChange={(e) => setAck(e.currentTarget.checked)} />
            {text.consent}
          </label>
          {liveLike && (
            <div class="field">
              <label for={`${id}-confirm`}>{i18n.t('permit.typeAccount', { account: account.accountId })}</label>
              <input
                id={`${id}-confirm`}
                type="text"
                autocomplete="off"
                value={typed}
                onInput={(e) => setTyped(e.currentTarget.value)}
              />
            </div>
          )}
          <div class="row">
            <button
              type="submit"
              class="primary"
              disabled={!ack || busy || (liveLike && typed.trim() !== account.accountId)}
            >
              {text.grant}
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              {i18n.t('common.cancel')}
            </button>
          </div>
        </form>
      )}
      {error && <ErrorState error={error} />}
    </section>
  );
}
