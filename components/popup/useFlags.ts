// The colour flags the side panel's lists keep (the stored marks), read-only in the popup and kept in step.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { orMiss } from '../../lib/or-miss';
import { WATCHLIST_MARKS_STORED, watchStored } from '../../lib/settings/registry';
import { type FlagColour, flagsOf } from '../../lib/watchlists/flag-colours';

export function useFlags(): Record<string, FlagColour> {
  const [flags, setFlags] = useState<Record<string, FlagColour>>({});
  useEffect(() => {
    const key = WATCHLIST_MARKS_STORED.key;
    let live = true;
    void orMiss(() => browser.storage.local.get(key), {}).then((found: Record<string, unknown>) => {
      if (live) setFlags(flagsOf(found[key]));
    });
    const unwatch = watchStored<unknown>(`local:${key}`, null, (marks) => setFlags(flagsOf(marks)));
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return flags;
}
