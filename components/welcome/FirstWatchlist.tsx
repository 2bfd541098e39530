// Pick one of the account's watchlists, or make one: the side panel opens on it.
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { WatchlistSummary } from '../../lib/model';
import { orMiss } from '../../lib/or-miss';
import { prefs } from '../../lib/settings/registry';

async function choose(id: string) {
  const stored = await prefs.getValue();
  await prefs.setValue({ ...stored, selectedWatchlistId: id });
}

export function FirstWatchlist() {
  const [lists, setLists] = useState<WatchlistSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<ErrorView | null>(null);

  const load = async () => {
    const reply = await send('watchlists.list', {});
    if (reply.ok) {
      setLists(reply.data.value);
      setError(null);
    } else setError(reply.error);
  };
  useEffect(() => {
    void load();
    void orMiss(() => prefs.getValue(), null).then((p) => p && setChosen((c) => c ?? p.selectedWatchlistId));
  }, []);

  const pick = (id: string) => {
    setChosen(id);
    void choose(id);
  };

  const create = async (e: Event) => {
    e.preventDefault();
    const reply = await send('watchlists.create', { name: name.trim() });
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setName('');
    setLists((l) => [...(l ?? []), reply.data]);
    pick(reply.data.id);
  };

  return (
    <div class="welcome-lists">
      {lists && lists.length > 0 && (
        <fieldset>
          <legend>{i18n.t('welcome.pickList')}</legend>
          {lists.map((l) => (
            <label key={l.id} class="choice">
              <input type="radio" name="first-list" checked={chosen === l.id} onChange={() => pick(l.id)} />
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
      {lists && lists.length === 0 && <p>{i18n.t('welcome.noList')}</p>}
      <form onSubmit={create} class="row">
        <label for="welcome-new-list">{i18n.t('welcome.newList')}</label>
        <input id="welcome-new-list" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit" disabled={!name.trim()}>
          {i18n.t('welcome.makeList')}
        </button>
      </form>
      {chosen && lists && (
        <p role="status">
          {i18n.t('welcome.opensOn', {
            watchlist: lists.find((l) => l.id === chosen)?.name ?? i18n.t('welcome.thisList'),
          })}
        </p>
      )}
      {error && (
        <div role="alert" class="banner banner--error">
          {error.message}{' '}
          <button type="button" onClick={() => void load()}>
            {i18n.t('common.tryAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
