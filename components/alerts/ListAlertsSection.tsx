// The alerts view's section that lists the list alerts with what fired when.
import { type ListAlert, listConditionText } from '../../lib/alerts/list-rules';
import { sayList } from '../../lib/alerts/list-say';
import { send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';
import { listAlertText } from './list-alert-text';
import { settle } from './settle';
import { useListAlerts } from './use-list-alerts';
import './alerts.css';

function timeText(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

function Firings({ alert }: { alert: ListAlert }) {
  if (alert.history.length === 0) return <span class="muted">{listAlertText.never}</span>;
  return (
    <ul class="list-alert__fired">
      {alert.history.slice(0, 5).map((f) => (
        <li key={`${f.epic}-${f.at}`} data-testid="list-alert-firing">
          {f.instrumentName} {f.text} · <time dateTime={new Date(f.at).toISOString()}>{timeText(f.at)}</time>
        </li>
      ))}
    </ul>
  );
}

/** The alerts view's section of list alerts, with what fired when. */
export function ListAlertsSection() {
  const { all, error, setError, load } = useListAlerts();
  if (error && all === null) return <ErrorState error={error} onRetry={() => void load()} />;
  if (all === null) return null;
  return (
    <section class="alerts-list" aria-label={listAlertText.sectionLabel}>
      <h2 class="small">{listAlertText.sectionLabel}</h2>
      {error && <ErrorState error={error} />}
      {all.length === 0 ? (
        <p class="muted">{listAlertText.sectionEmpty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{listAlertText.list}</th>
              <th scope="col">{listAlertText.when}</th>
              <th scope="col">{listAlertText.fired}</th>
              <th scope="col">
                <span class="visually-hidden">{listAlertText.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {all.map((a) => {
              const text = listConditionText(a.condition, sayList);
              return (
                <tr key={a.id} data-testid="list-alert-row">
                  <td>{a.watchlistName}</td>
                  <td>{text}</td>
                  <td>
                    <Firings alert={a} />
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label={listAlertText.remove(`${a.watchlistName} ${text}`)}
                      onClick={async () => {
                        const reply = await settle(send('listAlerts.delete', { id: a.id }));
                        if (!reply.ok) setError(reply.error);
                        await load();
                      }}
                    >
                      {listAlertText.deleteButton}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
