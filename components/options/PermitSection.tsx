import { useEffect, useState } from 'preact/hooks';
import { type ConnectionView, type ErrorView, type StatusView, send } from '../../lib/messages/contract';
import type { PermitScope } from '../../lib/model';
import { DEFAULT_DURATION_ID, DURATIONS } from '../../lib/options/permit-durations';
import { describeExpiry, isLiveLike } from '../../lib/permit/lifecycle';
import { permitOf, refreshDealingState, useDealingState } from '../dealing/dealingState';
import { ErrorState } from '../ErrorState';

const TEXT: Record<Exclude<PermitScope, 'watchlists'>, { title: string; allows: string[]; consent: string }> = {
  dealing: {
    title: 'Dealing permit',
    allows: [
      'Marketside shows a deal ticket, and amend, close and order controls, in the side panel and market view.',
      'With it, your clicks can open, change and close positions and working orders on the account below, with real effect on its money.',
      'Every deal shows its indicative costs first and is placed only when you press "Place deal".',
      'It ends when it expires, when you turn it off here, or when you switch account or environment.',
    ],
    consent: 'I understand that with this permit Marketside can place deals on this account when I ask it to.',
  },
  applications: {
    title: 'Applications permit',
    allows: [
      'Marketside can change the allowances and status of your API keys (applications) on IG.',
      'Disabling the API key Marketside uses stops it working at once; it can be enabled again only on the IG website.',
      'It ends when it expires, when you turn it off here, or when you switch account or environment.',
    ],
    consent: 'I understand that with this permit Marketside can change my API keys when I ask it to.',
  },
};

const ENV_LABEL = { demo: 'IG demo', live: 'IG live', custom: 'custom gateway' } as const;

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

  const text = TEXT[scope];
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
          <strong>On</strong> for account {permit.accountId} on {ENV_LABEL[permit.environment]} ·{' '}
          {describeExpiry(permit, Date.now())}.{' '}
          <button type="button" class="primary" onClick={revoke} disabled={busy}>
            Turn off {scope} permit
          </button>
        </div>
      ) : (
        <p>
          <strong>Off.</strong>{' '}
          {scope === 'dealing'
            ? 'Marketside only watches: no deal can be placed and no dealing control is shown.'
            : 'Your API keys can be viewed here but not changed.'}
        </p>
      )}
      {!permit && !open && (
        <button type="button" onClick={() => setOpen(true)} disabled={!account}>
          Turn on {scope} permit…
        </button>
      )}
      {!permit && !account && <p class="muted">Connect to an account first: a permit is bound to one account.</p>}
      {!permit && open && account && (
        <form class="permit-form" onSubmit={grant} aria-label={`Grant the ${scope} permit`}>
          <p>What this permit allows:</p>
          <ul>
            {text.allows.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            Account <strong>{account.accountId}</strong> ({account.accountName}) on{' '}
            <strong>{environment ? ENV_LABEL[environment] : '—'}</strong>
            {liveLike && <strong class="down"> — real money</strong>}.
          </p>
          <div class="field">
            <label for={`${id}-duration`}>Lasts</label>
            <select id={`${id}-duration`} value={durationId} onChange={(e) => setDurationId(e.currentTarget.value)}>
              {DURATIONS.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
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
              <label for={`${id}-confirm`}>Type the account id ({account.accountId}) to confirm</label>
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
              Grant {scope} permit
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && <ErrorState error={error} />}
    </section>
  );
}
