// The flags, notes, sections and chosen columns (lib/watchlists/marks.ts) as stored, kept in step with
// every other page; a change is written at once and read back by all of them.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { orMiss } from '../../lib/or-miss';
import { watchlistMarks, watchStored } from '../../lib/settings/registry';
import { emptyMarks, migrateMarks, type WatchlistMarks } from '../../lib/watchlists/marks';

export function useWatchlistMarks(): [WatchlistMarks, (change: (marks: WatchlistMarks) => WatchlistMarks) => void] {
  const [marks, setMarks] = useState<WatchlistMarks>(emptyMarks);
  useEffect(() => {
    void orMiss(() => watchlistMarks.getValue(), null).then((v) => v && setMarks(migrateMarks(v)));
    return watchStored<unknown>('local:watchlistMarks', emptyMarks, (v) => setMarks(migrateMarks(v)));
  }, []);
  const update = useCallback((change: (marks: WatchlistMarks) => WatchlistMarks) => {
    setMarks((current) => change(current));
    void watchlistMarks.getValue().then((stored) => watchlistMarks.setValue(change(migrateMarks(stored))));
  }, []);
  return [marks, update];
}
