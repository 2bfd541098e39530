import { useEffect, useRef } from 'preact/hooks';
import type { CacheStoreName, StreamedQuote } from '../../lib/messages/contract';
import { usePanel } from './context';

/** Calls back when the background announces new data in one of the given cache stores. */
export function useLiveChanges(stores: CacheStoreName[], onChange: (store: CacheStoreName, keys: string[]) => void) {
  const { live } = usePanel();
  const callback = useRef(onChange);
  callback.current = onChange;
  const wanted = stores.join(',');
  useEffect(() => {
    const set = new Set(wanted.split(','));
    return live.subscribe((message) => {
      if (message.kind === 'changed' && set.has(message.store)) callback.current(message.store, message.keys);
    });
  }, [live, wanted]);
}

/** Calls back with streamed quotes the moment the background has them (before the cache holds them). */
export function useLiveQuotes(onQuotes: (quotes: StreamedQuote[]) => void) {
  const { live } = usePanel();
  const callback = useRef(onQuotes);
  callback.current = onQuotes;
  useEffect(() => live.subscribe((message) => message.kind === 'quotes' && callback.current(message.quotes)), [live]);
}

/**
 * Tells the background which markets this view shows; cleared when the view goes away. `quoted`: the view
 * draws them from streamed quotes (useLiveQuotes) and needs no word of the cache holding what those sent.
 */
export function useWatch(source: string, epics: string[], marketIds: string[], quoted = false) {
  const { live } = usePanel();
  const key = `${epics.join(',')}|${marketIds.join(',')}|${quoted}`;
  useEffect(() => {
    live.setWatch(source, epics, marketIds, quoted);
    // epics/marketIds/quoted are captured through `key`.
  }, [live, source, key]);
  useEffect(() => () => live.setWatch(source, [], []), [live, source]);
}
