// Typing in the omnibox: suggestions come after a short pause (one search per pause, not per key),
// answers to older input are dropped, and terms seen a moment ago are answered from memory.
import type { MarketQuote } from '../model';
import { MIN_TERM, searchTermOf } from './query';
import { type Suggestion, suggestionFor } from './suggest';

export interface SuggesterOptions {
  search(term: string): Promise<MarketQuote[]>;
  markup: boolean;
  debounceMs?: number;
  /** Entries kept in memory and how long they are good for. */
  memory?: { size: number; ttlMs: number };
  max?: number;
  now?: () => number;
}

export interface Suggester {
  /** Call on every input change; `suggest` is called at most once, and only if this is still the latest input. */
  input(text: string, suggest: (s: Suggestion[]) => void): void;
  cancel(): void;
}

export function createSuggester(options: SuggesterOptions): Suggester {
  const debounceMs = options.debounceMs ?? 250;
  const { size, ttlMs } = options.memory ?? { size: 20, ttlMs: 60_000 };
  const max = options.max ?? 6;
  const now = options.now ?? Date.now;
  const memory = new Map<string, { at: number; quotes: MarketQuote[] }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest = 0;

  const format = (quotes: MarketQuote[], term: string) =>
    quotes.slice(0, max).map((q) => suggestionFor(q, term, options.markup));

  function remembered(key: string): MarketQuote[] | null {
    const hit = memory.get(key);
    if (!hit) return null;
    if (now() - hit.at > ttlMs) {
      memory.delete(key);
      return null;
    }
    return hit.quotes;
  }

  function remember(key: string, quotes: MarketQuote[]) {
    memory.delete(key);
    memory.set(key, { at: now(), quotes });
    while (memory.size > size) {
      const oldest = memory.keys().next().value;
      if (oldest === undefined) break;
      memory.delete(oldest);
    }
  }

  return {
    input(text, suggest) {
      const seq = ++latest;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const term = searchTermOf(text);
      if (!term || term.length < MIN_TERM) {
        suggest([]);
        return;
      }
      const key = term.toLowerCase();
      const hit = remembered(key);
      if (hit) {
        suggest(format(hit, term));
        return;
      }
      timer = setTimeout(() => {
        timer = null;
        options.search(term).then(
          (quotes) => {
            remember(key, quotes);
            if (seq === latest) suggest(format(quotes, term));
          },
          () => {
            if (seq === latest) suggest([]);
          },
        );
      }, debounceMs);
    },
    cancel() {
      latest++;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
