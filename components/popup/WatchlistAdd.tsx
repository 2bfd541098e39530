import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readWatchlists } from '../../lib/cache/read';
import type { ErrorView } from '../../lib/messages/contract';
import type { WatchlistSummary } from '../../lib/model';
import type { Send } from '../../lib/popup/deps';

const NEW = '__new__';

interface Props {
  send: Send;
  epic: string;
  instrumentName: string;
}

/** Add the market to one of the account's watchlists, or to a new one named inline. */
export function WatchlistAdd({ send, epic, instrumentName }: Props) {
  const [lists, setLists] = useState<WatchlistSummary[] | null>(null);
  const [choice, setChoice] = useState('');
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);

  useEffect(() => {
    let live = true;
    const show = (all: WatchlistSummary[]) => {
      if (!live) return;
      const editable = all.filter((w) => w.editable);
      setLists(editable);
      setChoice((current) =>
        current && (current === NEW || editable.some((w) => w.id === current)) ? current : (editable[0]?.id ?? NEW),
      );
    };
    void readWatchlists().then((cached) => {
      if (cached) show(cached.value);
    });
    void send('watchlists.list', {}).then((reply) => {
      if (reply.ok) show(reply.data.value);
      else if (live) {
        setError(reply.error);
        setLists((known) => known ?? []);
        setChoice((current) => current || NEW);
      }
    });
    return () => {
      live = false;
    };
  }, [send]);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setDone(null);
    setError(null);
    if (choice === NEW) {
      const name = newName.trim();
      const reply = await send('watchlists.create', { name, epics: [epic] });
      if (reply.ok) {
        setLists((all) => [...(all ?? []), reply.data]);
        setChoice(reply.data.id);
        setNewName('');
        setDone(i18n.t('watchlist.addedToNew', { market: instrumentName, watchlist: reply.data.name }));
      } else setError(reply.error);
    } else {
      const reply = await send('watchlists.addMarket', { id: choice, epic });
      if (reply.ok) setDone(i18n.t('watchlist.added', { market: instrumentName, watchlist: reply.data.summary.name }));
      else setError(reply.error);
    }
    setBusy(false);
  }

  return (
    <form class="wl-add" onSubmit={submit}>
      <select
        aria-label={i18n.t('term.watchlist')}
        value={choice}
        disabled={lists === null}
        onChange={(e) => setChoice(e.currentTarget.value)}
      >
        {lists?.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
        <option value={NEW}>{i18n.t('watchlist.newOption')}</option>
      </select>
      {choice === NEW && (
        <input
          aria-label={i18n.t('watchlist.newName')}
          placeholder={i18n.t('watchlist.namePlaceholder')}
          maxLength={50}
          required
          value={newName}
          onInput={(e) => setNewName(e.currentTarget.value)}
        />
      )}
      <button type="submit" disabled={busy || lists === null || (choice === NEW && newName.trim() === '')}>
        {i18n.t('watchlist.add')}
      </button>
      <p class="wl-add__result" role="status">
        {done}
        {error && <span class="down">{error.message}</span>}
      </p>
    </form>
  );
}
