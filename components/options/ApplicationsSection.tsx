import { useCallback, useEffect, useState } from 'preact/hooks';
import { type ApplicationView, type ErrorView, send } from '../../lib/messages/contract';
import { permitOf, useDealingState } from '../dealing/dealingState';
import { ErrorState } from '../ErrorState';

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
    <form class="row" onSubmit={save} aria-label={`Allowances of ${app.name || app.apiKeyMasked}`}>
      <label>
        Account requests a minute{' '}
        <input type="number" min={1} step={1} value={overall} onInput={(e) => setOverall(e.currentTarget.value)} />
      </label>
      <label>
        Trading requests a minute{' '}
        <input type="number" min={1} step={1} value={trading} onInput={(e) => setTrading(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={bad || busy}>
        Save allowances
      </button>
      {bad && <span class="field-issue">Allowances are whole numbers from 1.</span>}
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
    setNote(`The API key ${app.apiKeyMasked} is disabled. Enable it again on the IG website.`);
    void load();
  };

  return (
    <section aria-labelledby="apps-title" class="options-section">
      <h2 id="apps-title">Applications (API keys)</h2>
      {!signedIn && <p class="muted">Connect to see your applications.</p>}
      {apps && apps.length === 0 && <p class="muted">IG lists no applications for this login.</p>}
      {apps && apps.length > 0 && (
        <table class="options-table">
          <caption class="visually-hidden">Applications and their allowances (requests a minute)</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
              <th scope="col">Application / min</th>
              <th scope="col">Account / min</th>
              <th scope="col">Trading / min</th>
              <th scope="col">Price points / week</th>
              <th scope="col">Streams</th>
            </tr>
          </thead>
          <tbody>
            {apps.map((a) => (
              <tr key={a.apiKeyMasked}>
                <td>
                  {a.name || '—'} {a.current && <span class="muted">(used by Marketside)</span>}
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
      {apps && apps.length > 0 && !permitted && (
        <p class="muted">To change allowances or disable a key, turn on the applications permit above.</p>
      )}
      {apps &&
        permitted &&
        apps.map((a) => (
          <div key={a.apiKeyMasked} class="app-actions">
            <h3>{a.name || a.apiKeyMasked}</h3>
            <AllowanceEditor app={a} onDone={load} />
            {a.current &&
              (confirming === a.apiKeyMasked ? (
                <div class="banner banner--error" role="alertdialog" aria-label="Confirm disabling the API key">
                  <p>
                    Disabling <code>{a.apiKeyMasked}</code> stops Marketside (and anything else using this key) from
                    reaching IG at once. <strong>It cannot be undone from here</strong>: only the IG website can enable
                    it again.
                  </p>
                  <button type="button" class="primary" onClick={() => disable(a)}>
                    Disable this API key
                  </button>{' '}
                  <button type="button" onClick={() => setConfirming(null)}>
                    Keep it enabled
                  </button>
                </div>
              ) : (
                <button type="button" onClick={() => setConfirming(a.apiKeyMasked)}>
                  Disable this API key…
                </button>
              ))}
          </div>
        ))}
      {note && <p role="status">{note}</p>}
      {error && <ErrorState error={error} onRetry={load} />}
    </section>
  );
}
