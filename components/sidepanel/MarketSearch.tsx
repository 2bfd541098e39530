// Inline market search: type a name or epic, pick a result. Cached answers paint at once; an answer to
// an older term never replaces a newer one.

import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readSearch } from '../../lib/cache/read';
import { formatPrice, marketDecimals } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { MarketQuote } from '../../lib/model';
import { ErrorState } from '../ErrorState';

const DEBOUNCE_MS = 200;

interface Props {
  /** Accessible name of the search box. */
  label: string;
  placeholder?: string;
  /** The button on each result: its text and accessible name. */
  actionText(quote: MarketQuote): { text: string; label: string };
  onPick(quote: MarketQuote): void;
  /** Epics that cannot be picked (already in the list). */
  excluded?: Set<string>;
  busyEpic?: string | null;
}

export function MarketSearch({ label, placeholder, actionText, onPick, excluded, busyEpic }: Props) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<MarketQuote[] | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const generation = useRef(0);

  useEffect(() => {
    const term = text.trim();
    const gen = ++generation.current;
    if (term.length < 2) {
      setResults(null);
      setPending(false);
      setError(null);
      return;
    }
    setPending(true);
    void readSearch(term).then((cached) => {
      if (cached && gen === generation.current) setResults(cached.value);
    });
    const timer = setTimeout(() => {
      send('markets.search', { term }).then(
        (reply) => {
          if (gen !== generation.current) return;
          setPending(false);
          if (reply.ok) {
            setResults(reply.data.value);
            setError(null);
          } else setError(reply.error);
        },
        (err: unknown) => {
          if (gen !== generation.current) return;
          setPending(false);
          setError({ kind: 'internal', message: err instanceof Error ? err.message : i18n.t('error.noAnswer') });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div class="market-search">
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? i18n.t('popup.searchLabel')}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setText('');
        }}
      />
      {pending && (
        <span class="muted" aria-live="polite">
          {i18n.t('popup.searching')}
        </span>
      )}
      {error && <ErrorState error={error} />}
      {results && (
        <ul class="search-results" aria-label={i18n.t('search.resultsFor', { term: text.trim() })}>
          {results.length === 0 && <li class="muted">{i18n.t('search.noMatch', { term: text.trim() })}</li>}
          {results.slice(0, 10).map((q) => {
            const action = actionText(q);
            const taken = excluded?.has(q.epic) ?? false;
            return (
              <li key={q.epic} class="search-result">
                <span class="search-result__name">
                  {q.instrumentName} <span class="muted">{q.epic}</span>
                </span>
                <span class="num">
                  {formatPrice(q.bid, marketDecimals(q))} / {formatPrice(q.offer, marketDecimals(q))}
                </span>
                <button
                  type="button"
                  aria-label={taken ? i18n.t('search.alreadyIn', { market: q.instrumentName }) : action.label}
                  disabled={taken || busyEpic === q.epic}
                  onClick={() => onPick(q)}
                >
                  {taken ? i18n.t('search.added') : action.text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
