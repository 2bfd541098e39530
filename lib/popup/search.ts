// Search as you type: cached answers first, one debounced request per settled term, and an answer
// to an older term never replaces a newer one. Pure: the cache read and the request are injected.
import { i18n } from '#i18n';
import type { ErrorView, Reply } from '../messages/contract';
import type { Fresh, MarketQuote } from '../model';

export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_MIN_LENGTH = 2;

export interface SearchView {
  /** The term the view is about (trimmed); '' when the box is empty or too short. */
  term: string;
  results: MarketQuote[] | null;
  fetchedAt: number | null;
  /** Results came from the cache and are older than their freshness. */
  stale: boolean;
  /** A request for `term` is waiting or under way. */
  pending: boolean;
  error: ErrorView | null;
}

export interface SearchDeps {
  readCache: (term: string) => Promise<Fresh<MarketQuote[]> | null>;
  request: (term: string) => Promise<Reply<Fresh<MarketQuote[]>>>;
  onChange: (view: SearchView) => void;
  delayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SearchController {
  /** The box changed. */
  input(text: string): void;
  /** Search now, without the debounce (a prefilled `?q=`, Enter, Try again). */
  submit(text: string): void;
  readonly view: SearchView;
  dispose(): void;
}

export const emptySearch: SearchView = {
  term: '',
  results: null,
  fetchedAt: null,
  stale: false,
  pending: false,
  error: null,
};

export function normaliseTerm(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

export function createSearch(deps: SearchDeps): SearchController {
  const delay = deps.delayMs ?? SEARCH_DEBOUNCE_MS;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  /** Answers this popup already had, by lower-cased term: a term typed again is shown at once. */
  const answered = new Map<string, Fresh<MarketQuote[]>>();
  let view: SearchView = emptySearch;
  let generation = 0;
  let timer: unknown = null;
  let disposed = false;

  function emit(next: SearchView) {
    view = next;
    if (!disposed) deps.onChange(next);
  }

  function cancelTimer() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function fetchNow(term: string, gen: number) {
    timer = null;
    deps.request(term).then(
      (reply) => {
        if (gen !== generation) return;
        if (reply.ok) {
          answered.set(term.toLowerCase(), reply.data);
          emit({
            term,
            results: reply.data.value,
            fetchedAt: reply.data.fetchedAt,
            stale: reply.data.stale,
            pending: false,
            error: null,
          });
        } else {
          emit({ ...view, term, pending: false, error: reply.error });
        }
      },
      (err: unknown) => {
        if (gen !== generation) return;
        emit({
          ...view,
          term,
          pending: false,
          error: { kind: 'internal', message: err instanceof Error ? err.message : i18n.t('error.noAnswer') },
        });
      },
    );
  }

  function start(text: string, immediate: boolean) {
    const term = normaliseTerm(text);
    cancelTimer();
    const gen = ++generation;
    if (term.length < SEARCH_MIN_LENGTH) {
      emit(emptySearch);
      return;
    }
    const known = answered.get(term.toLowerCase());
    if (known) {
      emit({ term, results: known.value, fetchedAt: known.fetchedAt, stale: known.stale, pending: false, error: null });
      return;
    }
    // Keep what is on screen (no flicker) until this term's own answer arrives.
    emit({ ...view, term, pending: true, error: null });
    let settledFromCache = false;
    deps.readCache(term).then(
      (cached) => {
        // Only if nothing newer happened: a later keystroke or this term's own reply wins.
        if (gen !== generation || !view.pending || !cached) return;
        emit({
          term,
          results: cached.value,
          fetchedAt: cached.fetchedAt,
          stale: cached.stale,
          pending: true,
          error: null,
        });
        if (!cached.stale) {
          settledFromCache = true;
          cancelTimer();
          answered.set(term.toLowerCase(), cached);
          emit({ ...view, pending: false });
        }
      },
      () => undefined,
    );
    if (immediate) fetchNow(term, gen);
    else
      timer = setTimer(() => {
        if (gen === generation && !settledFromCache) fetchNow(term, gen);
      }, delay);
  }

  return {
    input: (text) => start(text, false),
    submit: (text) => start(text, true),
    get view() {
      return view;
    },
    dispose() {
      disposed = true;
      cancelTimer();
    },
  };
}
