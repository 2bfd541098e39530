import { useState } from 'preact/hooks';
import { type ErrorView, type StatusView, send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';

const STATE_LABEL: Record<StatusView['state'], string> = {
  'signed-out': 'Not connected',
  locked: 'Locked',
  'signing-in': 'Signing in…',
  'signed-in': 'Connected',
  offline: 'Offline',
  error: 'Connection problem',
};

/** The accounts of the login, the active one marked; switch, log out, forget the credentials. */
export function AccountsSection({ status, onChanged }: { status: StatusView | null; onChanged: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [confirmForget, setConfirmForget] = useState(false);

  const run = async (label: string, action: () => Promise<{ ok: boolean; error?: ErrorView }>, done: string) => {
    setBusy(label);
    setError(null);
    setNote(null);
    const reply = await action();
    setBusy(null);
    if (!reply.ok && reply.error) setError(reply.error);
    else setNote(done);
    onChanged();
  };

  const active = status?.account ?? null;
  return (
    <section aria-labelledby="accounts-title" class="options-section">
      <h2 id="accounts-title">Accounts</h2>
      <p>
        Status: <strong data-testid="options-state">{status ? STATE_LABEL[status.state] : 'Loading…'}</strong>
        {active && (
          <>
            {' '}
            · active account <strong data-testid="options-active-account">{active.accountId}</strong> (
            {active.accountName})
          </>
        )}
      </p>
      {status && status.accounts.length > 0 ? (
        <table class="options-table">
          <caption class="visually-hidden">Accounts of this login</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">
                <span class="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {status.accounts.map((a) => {
              const isActive = a.accountId === active?.accountId;
              return (
                <tr key={a.accountId} aria-current={isActive ? 'true' : undefined}>
                  <td>{a.accountId}</td>
                  <td>{a.accountName}</td>
                  <td>{a.accountType}</td>
                  <td>
                    {isActive ? (
                      <span class="muted">Active</span>
                    ) : (
                      <button
                        type="button"
                        disabled={busy !== null}
                        aria-label={`Switch to account ${a.accountId}`}
                        onClick={() =>
                          run(
                            a.accountId,
                            () => send('session.switchAccount', { accountId: a.accountId }),
                            `Switched to ${a.accountId}. Any dealing permit was revoked.`,
                          )
                        }
                      >
                        {busy === a.accountId ? 'Switching…' : 'Switch'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p class="muted">Check the connection above to list the accounts of this login.</p>
      )}
      <div class="row">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => run('logout', () => send('session.logout', { forget: false }), 'Logged out.')}
        >
          Log out
        </button>
        {!confirmForget ? (
          <button type="button" disabled={busy !== null} onClick={() => setConfirmForget(true)}>
            Forget credentials…
          </button>
        ) : (
          <span class="confirm">
            Remove the API key, identifier and password from this browser?{' '}
            <button
              type="button"
              class="primary"
              onClick={() => {
                setConfirmForget(false);
                void run('forget', () => send('connection.forget', {}), 'Credentials forgotten.');
              }}
            >
              Forget them
            </button>{' '}
            <button type="button" onClick={() => setConfirmForget(false)}>
              Keep them
            </button>
          </span>
        )}
      </div>
      {note && (
        <p role="status" class="muted">
          {note}
        </p>
      )}
      {error && <ErrorState error={error} />}
    </section>
  );
}
