import { useCallback, useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ApplicationView, type ErrorView, send } from '../../lib/messages/contract';
import { permitOf, useDealingState } from '../dealing/dealingState';
import { ErrorState } from '../ErrorState';
import { rich, slot } from '../rich';

const code = (text: string) => <code>{text}</code>;
const bold = (text: string) => <strong>{text}</strong>;

function AllowanceEditor({ app, onDone }: { app: ApplicationView; onDone: () => void }) {
  const [overall, setOverall] = useState(String(app.allowanceAccountOverall || ''));
  const [trading, setTrading] = useState(String(app.allowanceAccountTrading || ''));
  const [error, setError] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const parse = (t: string) => (t.trim() === '' ? undefined : Number(t));
  const o = parse(overall);
  const tr = parse(trading);
  const bad = [o, tr].some((x) => x !== undefined && (!Number.isInteger(x) || x < 1));
  const save = async (e: Event) => {
    e.preventDefault();
    if (bad) return;
    setBusy(true);
    const reply = await send('applications.update', {
      apiKey: app.apiKeyMasked,
      ...(o !== undefined && { allowanceAccountOverall: o }),
      ...(tr !== undefined && { allowanceAccountTrading: tr }),
    });
    setBusy(false);
    if (reply.ok) onDone();
    else setError(reply.error);
  };
  return (
    <form class="row" onSubmit={save} aria-label={i18n.t('apps.allowancesOf', { name: app.name || app.apiKeyMasked })}>
      <label>
        {i18n.t('apps.accountPerMinute')}{' '}
        <input type="number" min={1} step={1} value={overall} onInput={(e) => setOverall(e.currentTarget.value)} />
      </label>
      <label>
        {i18n.t('apps.tradingPerMinute')}{' '}
        <input type="number" min={1} step={1} value={trading} onInput={(e) => setTrading(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={bad || busy}>
        {i18n.t('apps.save')}
      </button>
      {bad && <span class="field-issue">{i18n.t('apps.wholeNumbers')}</span>}
      {error && <ErrorState error={error} />}
    </form>
  );
}

/** The API keys (applications) and their allowances; changes need the applications permit. */
export function ApplicationsSection({ signedIn }: { signedIn: boolean }) {
  const state = useDealingState();
  const permitted = permitOf(state, 'applications') !== null;
  const [apps, setApps] = useState<ApplicationView[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const load = useCallback(async () => {
    const reply = await send('applications.list', {});
    if (reply.ok) {
      setApps(reply.data);
      setError(null);
    } else setError(reply.error);
  }, []);
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const disable = async (app: ApplicationView) => {
    const reply = await send('applications.disable', { apiKey: app.apiKeyMasked, confirmed: true });
    setConfirming(null);
    if (!reply.ok) return setError(reply.error);
    setNote(i18n.t('apps.disabled', { key: app.apiKeyMasked }));
    void load();
  };

  return (
    <section aria-labelledby="apps-title" class="options-section">
      <h2 id="apps-title">{i18n.t('apps.title')}</h2>
      {!signedIn && <p class="muted">{i18n.t('apps.connect')}</p>}
      {apps && apps.length === 0 && <p class="muted">{i18n.t('apps.none')}</p>}
      {apps && apps.length > 0 && (
        <table class="options-table">
          <caption class="visually-hidden">{i18n.t('apps.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('apps.colName')}</th>
              <th scope="col">{i18n.t('apps.colKey')}</th>
              <th scope="col">{i18n.t('apps.colStatus')}</th>
              <th scope="col">{i18n.t('apps.colApplication')}</th>
              <th scope="col">{i18n.t('apps.colAccount')}</th>
              <th scope="col">{i18n.t('apps.colTrading')}</th>
              <th scope="col">{i18n.t('apps.colPricePoints')}</th>
              <th scope="col">{i18n.t('apps.colStreams')}</th>
            </tr>
          </thead>
          <tbody>
            {apps.map((a) => (
              <tr key={a.apiKeyMasked}>
                <td>
                  {a.name || '—'} {a.current && <span class="muted">{i18n.t('apps.current')}</span>}
                </td>
                <td>
                  <code>{a.apiKeyMasked}</code>
                </td>
                <td>{a.status}</td>
                <td class="num">{a.allowanceApplicationOverall}</td>
                <td class="num">{a.allowanceAccountOverall}</td>
                <td class="num">{a.allowanceAccountTrading}</td>
                <td class="num">{a.allowanceAccountHistoricalData}</td>
                <td class="num">{a.concurrentSubscriptionsLimit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {apps && apps.length > 0 && !permitted && <p class="muted">{i18n.t('apps.needPermit')}</p>}
      {apps &&
        permitted &&
        apps.map((a) => (
          <div key={a.apiKeyMasked} class="app-actions">
            <h3>{a.name || a.apiKeyMasked}</h3>
            <AllowanceEditor app={a} onDone={load} />
            {a.current &&
              (confirming === a.apiKeyMasked ? (
                <div class="banner banner--error" role="alertdialog" aria-label={i18n.t('apps.confirmLabel')}>
                  <p>
                    {rich(i18n.t('apps.disableWarning', { key: slot('key'), cannotUndo: slot('cannotUndo') }), {
                      key: code(a.apiKeyMasked),
                      cannotUndo: bold(i18n.t('apps.cannotUndo')),
                    })}
                  </p>
                  <button type="button" class="primary" onClick={() => disable(a)}>
                    {i18n.t('apps.disable')}
                  </button>{' '}
                  <button type="button" onClick={() => setConfirming(null)}>
                    {i18n.t('apps.keepEnabled')}
                  </button>
                </div>
              ) : (
                <button type="button" onClick={() => setConfirming(a.apiKeyMasked)}>
                  {i18n.t('apps.disableAsk')}
                </button>
              ))}
          </div>
        ))}
      {note && <p role="status">{note}</p>}
      {error && <ErrorState error={error} onRetry={load} />}
    </section>
  );
}
