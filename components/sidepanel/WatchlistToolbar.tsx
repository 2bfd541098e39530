// Choose, create and delete watchlists. A failed create keeps the typed name; a failed delete keeps the list.

import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { WatchlistSummary } from '../../lib/model';
import { lazyComponent } from './lazy';

const ListAlertPanel = lazyComponent(() => import('../alerts/ListAlerts').then((m) => m.ListAlertPanel));

interface Props {
  lists: WatchlistSummary[];
  selected: WatchlistSummary | null;
  onSelect(id: string): void;
  onCreate(name: string): Promise<boolean>;
  onDelete(list: WatchlistSummary): Promise<boolean>;
  busy: boolean;
}

export function WatchlistToolbar({ lists, selected, onSelect, onCreate, onDelete, busy }: Props) {
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [alerting, setAlerting] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (await onCreate(name)) {
      setName('');
      setCreating(false);
    }
  };

  return (
    <div class="wl-toolbar">
      <div class="wl-toolbar__row">
        <label class="wl-picker">
          <span class="visually-hidden">{i18n.t('term.watchlist')}</span>
          <select
            value={selected?.id ?? ''}
            onChange={(e) => {
              setConfirming(false);
              onSelect(e.currentTarget.value);
            }}
            disabled={lists.length === 0}
          >
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {l.editable ? '' : ` ${i18n.t('watchlist.igList')}`}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          aria-expanded={creating}
          onClick={() => {
            setCreating(!creating);
            setConfirming(false);
          }}
        >
          {i18n.t('watchlist.new')}
        </button>
        {selected && (
          <button type="button" aria-expanded={alerting} onClick={() => setAlerting(!alerting)}>
            {i18n.t('listAlert.open')}
          </button>
        )}
        {selected?.deleteable && (
          <button type="button" onClick={() => setConfirming(true)} disabled={busy}>
            {i18n.t('common.delete')}
          </button>
        )}
      </div>
      {creating && (
        <form class="wl-toolbar__row" onSubmit={submit}>
          <input
            type="text"
            aria-label={i18n.t('watchlist.newName')}
            placeholder={i18n.t('watchlist.namePlaceholder')}
            maxLength={50}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" class="primary" disabled={busy || name.trim() === ''}>
            {i18n.t('watchlist.create')}
          </button>
          <button type="button" onClick={() => setCreating(false)}>
            {i18n.t('common.cancel')}
          </button>
        </form>
      )}
      {alerting && selected && <ListAlertPanel key={selected.id} watchlist={selected} />}
      {confirming && selected && (
        <div
          class="banner banner--warn wl-toolbar__row"
          role="alertdialog"
          aria-label={i18n.t('watchlist.confirmDelete')}
        >
          <span>{i18n.t('watchlist.deleteQuestion', { watchlist: selected.name })}</span>
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={async () => {
              if (await onDelete(selected)) setConfirming(false);
            }}
          >
            {i18n.t('watchlist.deleteNamed', { watchlist: selected.name })}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {i18n.t('watchlist.keep')}
          </button>
        </div>
      )}
    </div>
  );
}
