// The edits of the watchlists (create, delete, add, remove): not applied locally until the service
// accepted them, so a failed request leaves the list exactly as it was and says why.

import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ErrorView, send, type WatchlistView } from '../../lib/messages/contract';
import type { MarketQuote, WatchlistSummary } from '../../lib/model';
import type { RowModel } from '../../lib/sidepanel/rows';
import { usePanel } from './context';
import { settle } from './errors';
import type { useWatchlistData } from './useWatchlistData';

export function useWatchlistEdits(data: ReturnType<typeof useWatchlistData>) {
  const { updatePrefs } = usePanel();
  const { selected, setLists, setList, loadLists } = data;
  const [actionError, setActionError] = useState<ErrorView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const select = (id: string) => {
    setActionError(null);
    setNotice(null);
    updatePrefs({ selectedWatchlistId: id });
  };

  const create = async (name: string): Promise<boolean> => {
    setBusy('create');
    setActionError(null);
    const reply = await settle(send('watchlists.create', { name }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return false;
    }
    setLists((current) =>
      current
        ? { ...current, value: [...current.value, reply.data] }
        : { value: [reply.data], fetchedAt: Date.now(), stale: false },
    );
    updatePrefs({ selectedWatchlistId: reply.data.id });
    setNotice(i18n.t('watchlist.created', { watchlist: reply.data.name }));
    void loadLists(false);
    return true;
  };

  const remove = async (target: WatchlistSummary): Promise<boolean> => {
    setBusy('delete');
    setActionError(null);
    const reply = await settle(send('watchlists.delete', { id: target.id }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return false;
    }
    setLists((current) => (current ? { ...current, value: current.value.filter((l) => l.id !== target.id) } : current));
    setNotice(i18n.t('watchlist.deleted', { watchlist: target.name }));
    void loadLists(false);
    return true;
  };

  const applyMembership = (view: WatchlistView) => setList({ value: view, fetchedAt: Date.now(), stale: false });

  const addMarket = async (quote: MarketQuote) => {
    if (!selected) return;
    setBusy(quote.epic);
    setActionError(null);
    const reply = await settle(send('watchlists.addMarket', { id: selected.id, epic: quote.epic }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return;
    }
    applyMembership(reply.data);
    setNotice(i18n.t('watchlist.addedQuoted', { market: quote.instrumentName, watchlist: selected.name }));
  };

  const removeMarket = async (row: RowModel) => {
    if (!selected) return;
    setBusy(row.epic);
    setActionError(null);
    const reply = await settle(send('watchlists.removeMarket', { id: selected.id, epic: row.epic }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return;
    }
    applyMembership(reply.data);
    setNotice(i18n.t('watchlist.removed', { market: row.quote.instrumentName, watchlist: selected.name }));
  };

  return { actionError, notice, setNotice, busy, select, create, remove, addMarket, removeMarket };
}
