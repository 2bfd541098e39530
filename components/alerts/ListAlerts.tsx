// List alerts: the form on a watchlist (create, edit, delete one alert over the whole list) and the
// section of the alerts view that lists them with what fired when.

import { useCallback, useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { parseNumber } from '../../lib/alerts/draft';
import { type ListAlert, type ListCondition, listConditionText } from '../../lib/alerts/list-rules';
import { sayList } from '../../lib/alerts/list-say';
import { type ErrorView, send } from '../../lib/messages/contract';
import { listAlerts as listAlertsItem } from '../../lib/settings/registry';
import { ErrorState } from '../ErrorState';
import { settle } from './settle';
import './alerts.css';

const isFirefox = import.meta.env.BROWSER === 'firefox';

/** Every string these controls show, in one place for the translation catalogues. */
export const listAlertText = {
  heading: (name: string) => i18n.t('listAlert.heading', { name }),
  get condition() {
    return i18n.t('listAlert.condition');
  },
  get kind() {
    return i18n.t('listAlert.kind');
  },
  get kinds(): Record<ListCondition['kind'], string> {
    return {
      'day-change': i18n.t('listAlert.kindDayChange'),
      'window-move': i18n.t('listAlert.kindWindowMove'),
      sentiment: i18n.t('listAlert.kindSentiment'),
      status: i18n.t('listAlert.kindStatus'),
    };
  },
  get percent() {
    return i18n.t('listAlert.percent');
  },
  get minutes() {
    return i18n.t('listAlert.minutes');
  },
  get side() {
    return i18n.t('listAlert.side');
  },
  get long() {
    return i18n.t('listAlert.long');
  },
  get short() {
    return i18n.t('listAlert.short');
  },
  get on() {
    return i18n.t('listAlert.on');
  },
  get opens() {
    return i18n.t('listAlert.opens');
  },
  get closes() {
    return i18n.t('listAlert.closes');
  },
  get both() {
    return i18n.t('listAlert.both');
  },
  get save() {
    return i18n.t('listAlert.save');
  },
  get update() {
    return i18n.t('listAlert.update');
  },
  get cancel() {
    return i18n.t('listAlert.cancel');
  },
  edit: (text: string) => i18n.t('listAlert.edit', { text }),
  remove: (text: string) => i18n.t('listAlert.remove', { text }),
  get none() {
    return i18n.t('listAlert.none');
  },
  get badPercent() {
    return i18n.t('listAlert.badPercent');
  },
  get badMinutes() {
    return i18n.t('listAlert.badMinutes');
  },
  get checked() {
    return isFirefox ? i18n.t('listAlert.checkedFirefox') : i18n.t('listAlert.checked');
  },
  get sectionLabel() {
    return i18n.t('listAlert.sectionLabel');
  },
  get sectionEmpty() {
    return i18n.t('listAlert.sectionEmpty');
  },
  get list() {
    return i18n.t('listAlert.list');
  },
  get when() {
    return i18n.t('listAlert.when');
  },
  get fired() {
    return i18n.t('listAlert.fired');
  },
  get never() {
    return i18n.t('listAlert.never');
  },
  get editButton() {
    return i18n.t('listAlert.editButton');
  },
  get actions() {
    return i18n.t('listAlert.actions');
  },
  get deleteButton() {
    return i18n.t('common.delete');
  },
};

function timeText(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** The stored list alerts, followed as the background changes them (a firing, an edit elsewhere). */
function useListAlerts() {
  const [all, setAll] = useState<ListAlert[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const load = useCallback(async () => {
    const reply = await settle(send('listAlerts.list', {}));
    if (reply.ok) {
      setAll(reply.data);
      setError(null);
    } else setError(reply.error);
  }, []);
  useEffect(() => {
    void load();
    return listAlertsItem.watch((next) => setAll(next ?? []));
  }, [load]);
  return { all, error, setError, load };
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

type Kind = ListCondition['kind'];

interface Draft {
  kind: Kind;
  pct: string;
  minutes: string;
  side: 'long' | 'short';
  on: 'open' | 'close' | 'both';
}

const emptyDraft: Draft = { kind: 'day-change', pct: '2', minutes: '15', side: 'long', on: 'both' };

function draftOf(c: ListCondition): Draft {
  switch (c.kind) {
    case 'day-change':
      return { ...emptyDraft, kind: c.kind, pct: String(c.pct) };
    case 'window-move':
      return { ...emptyDraft, kind: c.kind, pct: String(c.pct), minutes: String(c.minutes) };
    case 'sentiment':
      return { ...emptyDraft, kind: c.kind, pct: String(c.pct), side: c.side };
    case 'status':
      return { ...emptyDraft, kind: c.kind, on: c.on };
  }
}

function conditionOf(d: Draft): { condition: ListCondition } | { error: string; field: 'pct' | 'minutes' } {
  if (d.kind === 'status') return { condition: { kind: 'status', on: d.on } };
  const pct = parseNumber(d.pct);
  if (pct === null || pct <= 0 || pct > 100 || (d.kind === 'sentiment' && pct >= 100)) {
    return { error: listAlertText.badPercent, field: 'pct' };
  }
  if (d.kind === 'day-change') return { condition: { kind: 'day-change', pct } };
  if (d.kind === 'sentiment') return { condition: { kind: 'sentiment', side: d.side, pct } };
  const minutes = Number(d.minutes);
  if (!/^\d+$/.test(d.minutes.trim()) || minutes < 1 || minutes > 240) {
    return { error: listAlertText.badMinutes, field: 'minutes' };
  }
  return { condition: { kind: 'window-move', pct, minutes } };
}

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
