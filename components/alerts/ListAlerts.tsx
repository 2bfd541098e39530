// List alerts: the form on a watchlist (create, edit, delete one alert over the whole list) and the
// section of the alerts view that lists them with what fired when (ListAlertsSection.tsx).

import { useState } from 'preact/hooks';
import { type ListAlert, listConditionText } from '../../lib/alerts/list-rules';
import { sayList } from '../../lib/alerts/list-say';
import { send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';
import { conditionOf, type Draft, draftOf, emptyDraft, type Kind } from './list-alert-draft';
import { listAlertText } from './list-alert-text';
import { settle } from './settle';
import { useListAlerts } from './use-list-alerts';
import './alerts.css';

export { ListAlertsSection } from './ListAlertsSection';

/** The list alerts of one watchlist, and the form to add or change one. */
export function ListAlertPanel({ watchlist }: { watchlist: { id: string; name: string } }) {
  const { all, error, setError, load } = useListAlerts();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<{ error: string; field: 'pct' | 'minutes' } | null>(null);
  const [busy, setBusy] = useState(false);
  const mine = (all ?? []).filter((a) => a.watchlistId === watchlist.id);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async (e: Event) => {
    e.preventDefault();
    const parsed = conditionOf(draft);
    if ('error' in parsed) {
      setInvalid(parsed);
      return;
    }
    setInvalid(null);
    setBusy(true);
    const reply = await settle(
      send('listAlerts.save', {
        ...(editing ? { id: editing } : {}),
        watchlistId: watchlist.id,
        condition: parsed.condition,
      }),
    );
    setBusy(false);
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setEditing(null);
    setDraft(emptyDraft);
    await load();
  };

  const remove = async (alert: ListAlert) => {
    setBusy(true);
    const reply = await settle(send('listAlerts.delete', { id: alert.id }));
    setBusy(false);
    if (!reply.ok) setError(reply.error);
    if (editing === alert.id) setEditing(null);
    await load();
  };

  const needsPct = draft.kind !== 'status';
  const errorId = 'list-alert-error';
  return (
    <section class="list-alert" aria-label={listAlertText.heading(watchlist.name)} data-testid="list-alert-panel">
      {error && <ErrorState error={error} />}
      {mine.length === 0 ? (
        <p class="muted small">{listAlertText.none}</p>
      ) : (
        <ul class="list-alert__mine">
          {mine.map((a) => {
            const text = listConditionText(a.condition, sayList);
            return (
              <li key={a.id} data-testid="list-alert">
                <span>{text}</span>
                <button
                  type="button"
                  aria-label={listAlertText.edit(text)}
                  disabled={busy}
                  onClick={() => {
                    setEditing(a.id);
                    setDraft(draftOf(a.condition));
                  }}
                >
                  {listAlertText.editButton}
                </button>
                <button
                  type="button"
                  aria-label={listAlertText.remove(text)}
                  disabled={busy}
                  onClick={() => void remove(a)}
                >
                  {listAlertText.deleteButton}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form class="alert-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>{listAlertText.condition}</legend>
          <div class="alert-form__row">
            <label>
              {listAlertText.kind}
              <select value={draft.kind} onChange={(e) => set({ kind: e.currentTarget.value as Kind })}>
                {(Object.keys(listAlertText.kinds) as Kind[]).map((k) => (
                  <option key={k} value={k}>
                    {listAlertText.kinds[k]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div class="alert-form__row">
            {needsPct && (
              <label>
                {listAlertText.percent}
                <input
                  type="text"
                  inputMode="decimal"
                  size={6}
                  value={draft.pct}
                  aria-invalid={invalid?.field === 'pct'}
                  aria-describedby={invalid?.field === 'pct' ? errorId : undefined}
                  onInput={(e) => set({ pct: e.currentTarget.value })}
                />
              </label>
            )}
            {draft.kind === 'window-move' && (
              <label>
                {listAlertText.minutes}
                <input
                  type="text"
                  inputMode="numeric"
                  size={4}
                  value={draft.minutes}
                  aria-invalid={invalid?.field === 'minutes'}
                  aria-describedby={invalid?.field === 'minutes' ? errorId : undefined}
                  onInput={(e) => set({ minutes: e.currentTarget.value })}
                />
              </label>
            )}
            {draft.kind === 'sentiment' && (
              <label>
                {listAlertText.side}
                <select value={draft.side} onChange={(e) => set({ side: e.currentTarget.value as Draft['side'] })}>
                  <option value="long">{listAlertText.long}</option>
                  <option value="short">{listAlertText.short}</option>
                </select>
              </label>
            )}
            {draft.kind === 'status' && (
              <label>
                {listAlertText.on}
                <select value={draft.on} onChange={(e) => set({ on: e.currentTarget.value as Draft['on'] })}>
                  <option value="both">{listAlertText.both}</option>
                  <option value="open">{listAlertText.opens}</option>
                  <option value="close">{listAlertText.closes}</option>
                </select>
              </label>
            )}
          </div>
          {invalid && (
            <p id={errorId} class="field-error" role="alert">
              {invalid.error}
            </p>
          )}
          <p class="muted small">{listAlertText.checked}</p>
          <div class="alert-form__row">
            <button type="submit" class="primary" disabled={busy}>
              {editing ? listAlertText.update : listAlertText.save}
            </button>
            {editing && (
              <button
                type="button"
                onClick={() => {
                  setEditing(null);
                  setDraft(emptyDraft);
                }}
              >
                {listAlertText.cancel}
              </button>
            )}
          </div>
        </fieldset>
      </form>
    </section>
  );
}
