// Choose, create and delete watchlists. A failed create keeps the typed name; a failed delete keeps the list.
import { useState } from 'preact/hooks';
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
          <span class="visually-hidden">Watchlist</span>
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
                {l.editable ? '' : ' (IG list)'}
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
          New
        </button>
        {selected && (
          <button type="button" aria-expanded={alerting} onClick={() => setAlerting(!alerting)}>
            List alert
          </button>
        )}
        {selected?.deleteable && (
          <button type="button" onClick={() => setConfirming(true)} disabled={busy}>
            Delete
          </button>
        )}
      </div>
      {creating && (
        <form class="wl-toolbar__row" onSubmit={submit}>
          <input
            type="text"
            aria-label="New watchlist name"
            placeholder="Name"
            maxLength={50}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" class="primary" disabled={busy || name.trim() === ''}>
            Create
          </button>
          <button type="button" onClick={() => setCreating(false)}>
            Cancel
          </button>
        </form>
      )}
      {alerting && selected && <ListAlertPanel key={selected.id} watchlist={selected} />}
      {confirming && selected && (
        <div class="banner banner--warn wl-toolbar__row" role="alertdialog" aria-label="Confirm delete">
          <span>Delete the watchlist “{selected.name}” on IG? This cannot be undone.</span>
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={async () => {
              if (await onDelete(selected)) setConfirming(false);
            }}
          >
            Delete {selected.name}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      )}
    </div>
  );
}
