// List alerts are one stored key of the registry: kept over an update, in the settings file, and an
// import keeps what is well formed and drops the rest without touching what the user has.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ListAlert } from '../../lib/alerts/list-rules';
import { applySettingsFile, settingsFile } from '../../lib/background/settings-file';
import { migrateListAlerts } from '../../lib/settings/migrations';

beforeEach(() => {
  fakeBrowser.reset();
  vi.resetModules();
});

const majors: ListAlert = {
  id: 'L1',
  watchlistId: 'W1',
  watchlistName: 'Majors',
  condition: { kind: 'window-move', pct: 1, minutes: 15 },
  createdAt: 5,
  latched: ['CS.D.EURUSD.MINI.IP'],
  open: { 'IX.D.FTSE.DAILY.IP': true },
  history: [{ epic: 'CS.D.EURUSD.MINI.IP', instrumentName: 'EUR/USD', at: 6, text: 'moved +1.10% within 15 min' }],
};

describe('list alerts in storage', () => {
  it('survive an update: a new version reads what the old one stored, state and history included', async () => {
    await fakeBrowser.storage.local.set({ listAlerts: [majors], listAlerts$: { v: 1 } });
    const { listAlerts, registry } = await import('../../lib/settings/registry');
    expect(await listAlerts.getValue()).toEqual([majors]);
    expect(registry.listAlerts).toBe(listAlerts);
  });

  it('the settings file carries them, and importing it elsewhere brings them back once', async () => {
    const { registry } = await import('../../lib/settings/registry');
    await registry.listAlerts.setValue([majors]);
    const json = JSON.stringify(await settingsFile(registry, 10));
    expect(JSON.parse(json).listAlerts).toEqual([majors]);

    fakeBrowser.reset();
    const other: ListAlert = { ...majors, id: 'L2', watchlistId: 'W2', condition: { kind: 'status', on: 'both' } };
    await registry.listAlerts.setValue([other]);
    const result = await applySettingsFile(registry, json);
    expect(result.applied).toContain('listAlerts');
    expect(await registry.listAlerts.getValue()).toEqual([other, majors]);
    // Importing again adds nothing: the same list with the same condition is the same alert.
    await applySettingsFile(registry, json.replace('"L1"', '"L9"'));
    expect(await registry.listAlerts.getValue()).toEqual([other, majors]);
  });

  it('an import drops what is malformed or out of range and keeps the rest, filling neutral state', () => {
    const migrated = migrateListAlerts([
      { watchlistId: 'W3', condition: { kind: 'day-change', pct: 2 }, createdAt: 7 },
      { watchlistId: 'W4', condition: { kind: 'day-change', pct: 500 } },
      { watchlistId: 'W5', condition: { kind: 'sentiment', side: 'sideways', pct: 70 } },
      { condition: { kind: 'status', on: 'open' } },
      { watchlistId: 'W6', condition: { kind: 'status', on: 'open' }, history: [{ epic: 1 }], latched: [3, 'A.B.C'] },
      'nonsense',
    ]);
    expect(migrated).toEqual([
      {
        id: 'list-alert-migrated-7-0',
        watchlistId: 'W3',
        watchlistName: 'W3',
        condition: { kind: 'day-change', pct: 2 },
        createdAt: 7,
        latched: [],
        open: {},
        history: [],
      },
      {
        id: 'list-alert-migrated-0-4',
        watchlistId: 'W6',
        watchlistName: 'W6',
        condition: { kind: 'status', on: 'open' },
        createdAt: 0,
        latched: ['A.B.C'],
        open: {},
        history: [],
      },
    ]);
    expect(migrateListAlerts({ not: 'a list' })).toEqual([]);
  });
});
