import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ErrorView, type StatusView, send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';
import { rich, slot } from '../rich';

const STATE_LABEL: Record<StatusView['state'], () => string> = {
  'signed-out': () => i18n.t('account.notConnected'),
  locked: () => i18n.t('account.locked'),
  'signing-in': () => i18n.t('account.signingIn'),
  'signed-in': () => i18n.t('accounts.stateConnected'),
  offline: () => i18n.t('status.offline'),
  error: () => i18n.t('accounts.stateProblem'),
};

const bold = (text: string, testId: string) => <strong data-testid={testId}>{text}</strong>;

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
      <h2 id="accounts-title">{i18n.t('options.accounts')}</h2>
      <p>
        {rich(i18n.t('accounts.status', { state: slot('state') }), {
          state: bold(status ? STATE_LABEL[status.state]() : i18n.t('common.loading'), 'options-state'),
        })}
        {active && ' · '}
        {active &&
          rich(i18n.t('accounts.active', { account: slot('account'), name: active.accountName }), {
            account: bold(active.accountId, 'options-active-account'),
          })}
      </p>
      {status && status.accounts.length > 0 ? (
        <table class="options-table">
          <caption class="visually-hidden">{i18n.t('accounts.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('accounts.colAccount')}</th>
              <th scope="col">{i18n.t('accounts.colName')}</th>
              <th scope="col">{i18n.t('accounts.colType')}</th>
              <th scope="col">
                <span class="visually-hidden">{i18n.t('accounts.colAction')}</span>
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
                      <span class="muted">{i18n.t('accounts.isActive')}</span>
                    ) : (
                      <button
                        type="button"
                        disabled={busy !== null}
                        aria-label={i18n.t('accounts.switchTo', { account: a.accountId })}
                        onClick={() =>
                          run(
                            a.accountId,
                            () => send('session.switchAccount', { accountId: a.accountId }),
                            i18n.t('accounts.switched', { account: a.accountId }),
                          )
                        }
                      >
                        {busy === a.accountId ? i18n.t('accounts.switching') : i18n.t('accounts.switch')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p class="muted">{i18n.t('accounts.checkFirst')}</p>
      )}
      <div class="row">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => run('logout', () => send('session.logout', { forget: false }), i18n.t('accounts.loggedOut'))}
        >
          {i18n.t('accounts.logOut')}
        </button>
        {!confirmForget ? (
          <button type="button" disabled={busy !== null} onClick={() => setConfirmForget(true)}>
            {i18n.t('accounts.forget')}
          </button>
        ) : (
          <span class="confirm">
            {i18n.t('accounts.forgetQuestion')}{' '}
            <button
              type="button"
              class="primary"
              onClick={() => {
                setConfirmForget(false);
                void run('forget', () => send('connection.forget', {}), i18n.t('accounts.forgotten'));
              }}
            >
              {i18n.t('accounts.forgetThem')}
            </button>{' '}
            <button type="button" onClick={() => setConfirmForget(false)}>
              {i18n.t('accounts.keepThem')}
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
