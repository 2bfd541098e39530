// Flags, notes, sections and chosen columns live in storage.local under one registry key: they go out in
// the settings file and come back from it, and an update (a profile written before they existed, or one
// holding them) keeps everything the user made.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applySettingsFile, settingsFile } from '../../lib/background/handlers/settings-file';
import { registry } from '../../lib/settings/registry';
import type { WatchlistMarks } from '../../lib/watchlists/marks';

const MARKS: WatchlistMarks = {
  flags: { 'CS.D.EURUSD.MINI.IP': 'blue', 'IX.D.FTSE.DAILY.IP': 'red' },
  notes: { 'CS.D.EURUSD.MINI.IP': 'ECB on Thursday' },
  lists: {
    '7064175': {
      columns: ['mid', 'spread', 'range'],
      sections: [{ id: 's1', name: 'FX', epics: ['CS.D.EURUSD.MINI.IP'] }],
    },
  },
};

beforeEach(() => {
  fakeBrowser.reset();
  vi.resetModules();
});

describe('the settings file', () => {
  it('exports flags, notes, sections and columns, and imports them into another profile', async () => {
    await registry.watchlistMarks.setValue(MARKS);
    const file = await settingsFile(registry, 1);
    expect(file.watchlistMarks).toEqual(MARKS);
    const json = JSON.stringify(file);

    fakeBrowser.reset();
    await registry.watchlistMarks.setValue({ flags: { 'CS.D.GBPUSD.MINI.IP': 'green' }, notes: {}, lists: {} });
    const result = await applySettingsFile(registry, json);
    expect(result.applied).toContain('watchlistMarks');
    expect(await registry.watchlistMarks.getValue()).toEqual({
      ...MARKS,
      flags: { 'CS.D.GBPUSD.MINI.IP': 'green', ...MARKS.flags },
    });
  });

  it('imports what fits from a hand-edited file and drops the rest', async () => {
    const json = JSON.stringify({
      format: 'marketside-settings',
      version: 1,
      watchlistMarks: { flags: { A: 'red', B: 'tartan' }, notes: { A: 42 }, lists: { L: { columns: ['bogus'] } } },
    });
    await applySettingsFile(registry, json);
    expect(await registry.watchlistMarks.getValue()).toEqual({
      flags: { A: 'red' },
      notes: {},
      lists: { L: { columns: [], sections: [] } },
    });
  });

  it('a file written before marks existed leaves the ones held untouched', async () => {
    await registry.watchlistMarks.setValue(MARKS);
    await applySettingsFile(registry, JSON.stringify({ format: 'marketside-settings', version: 1, alerts: [] }));
    expect(await registry.watchlistMarks.getValue()).toEqual(MARKS);
  });
});

describe('an update', () => {
  it('from a profile written before marks existed: no marks, the preferences kept (an old sort still sorts)', async () => {
    await fakeBrowser.storage.local.set({
      prefs: { priceRefreshSec: 7, sparklines: false, theme: 'dark', sort: { column: 'status', direction: 'desc' } },
      prefs$: { v: 1 },
    });
    const fresh = await import('../../lib/settings/registry');
    expect(await fresh.watchlistMarks.getValue()).toEqual({ flags: {}, notes: {}, lists: {} });
    const prefs = await fresh.prefs.getValue();
    expect(prefs.sort).toEqual({ column: 'status', direction: 'desc' });
    expect(prefs.priceRefreshSec).toBe(7);
  });

  it('from a profile holding marks: read back as they were', async () => {
    await fakeBrowser.storage.local.set({ watchlistMarks: MARKS, watchlistMarks$: { v: 1 } });
    const fresh = await import('../../lib/settings/registry');
    expect(await fresh.watchlistMarks.getValue()).toEqual(MARKS);
  });

  it('a sort column a later version dropped falls back to the name', async () => {
    await fakeBrowser.storage.local.set({ prefs: { sort: { column: 'volume', direction: 'asc' } }, prefs$: { v: 1 } });
    const fresh = await import('../../lib/settings/registry');
    expect((await fresh.prefs.getValue()).sort.column).toBe('name');
  });
});
