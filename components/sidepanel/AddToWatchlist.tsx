// "Add to watchlist" for one market, choosing among the account's editable lists.

import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readWatchlists } from '../../lib/cache/read';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { WatchlistSummary } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { usePanel } from './context';
import { settle } from './errors';

let shared: Promise<WatchlistSummary[]> | null = null;

/** The editable watchlists, asked once per panel view and shared by every row that offers "Add". */
export function useEditableLists(): WatchlistSummary[] | null {
  const [lists, setLists] = useState<WatchlistSummary[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    void readWatchlists().then((cached) => {
      if (!cancelled && cached) setLists((current) => current ?? cached.value.filter((l) => l.editable));
    });
    shared ??= settle(send('watchlists.list', {})).then((reply) => {
      shared = null;
      return reply.ok ? reply.data.value.filter((l) => l.editable) : [];
    });
    void shared.then((found) => {
      if (!cancelled && found.length) setLists(found);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return lists;
}

/** The list "Add" puts markets in: the one picked here, else the panel's selected list, else the first. */
export function useAddTarget(lists: WatchlistSummary[] | null) {
  const { prefs } = usePanel();
  const [target, setTarget] = useState<string | null>(null);
  const chosen =
    lists?.find((l) => l.id === target) ?? lists?.find((l) => l.id === prefs.selectedWatchlistId) ?? lists?.[0];
  return { chosen, setTarget };
}

/** The choice of the list to add to, labelled by `children`. */
export function ListPicker({
  lists,
  chosen,
  onChange,
  class: className,
  children,
}: {
  lists: WatchlistSummary[];
  chosen: WatchlistSummary;
  onChange: (id: string) => void;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <label class={className}>
      {children}
      <select value={chosen.id} onChange={(e) => onChange(e.currentTarget.value)}>
        {lists.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

interface Props {
  epic: string;
  instrumentName: string;
  lists: WatchlistSummary[] | null;
}

export function AddToWatchlist({ epic, instrumentName, lists }: Props) {
  const { chosen, setTarget } = useAddTarget(lists);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!lists || !chosen) return null;

  const add = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    const reply = await settle(send('watchlists.addMarket', { id: chosen.id, epic }));
    setBusy(false);
    if (reply.ok) setDone(i18n.t('watchlist.addedTo', { watchlist: chosen.name }));
    else setError(reply.error);
  };

  return (
    <div class="add-to">
      {lists.length > 1 && (
        <ListPicker lists={lists} chosen={chosen} onChange={setTarget}>
          <span class="visually-hidden">{i18n.t('watchlist.forMarket', { market: instrumentName })}</span>
        </ListPicker>
      )}
      <button type="button" disabled={busy} onClick={add}>
        {lists.length > 1 ? i18n.t('watchlist.addToList') : i18n.t('watchlist.addToNamed', { watchlist: chosen.name })}
      </button>
      {done && (
        <span class="muted" role="status">
          {done}
        </span>
      )}
      {error && <ErrorState error={error} />}
    </div>
  );
}
