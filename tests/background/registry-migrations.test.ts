// Values written by version 1 of the registry migrate on the next start without losing anything.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

beforeEach(() => {
  fakeBrowser.reset();
  vi.resetModules();
});

async function seed(values: Record<string, unknown>) {
  await fakeBrowser.storage.local.set(values);
}

async function freshRegistry() {
  return import('../../lib/settings/registry');
}

describe('registry migrations', () => {
  it('keeps every preference of a v1 value and fills the fields it lacked', async () => {
    await seed({ prefs: { priceRefreshSec: 12, theme: 'dark', sort: { column: 'change' } }, prefs$: { v: 1 } });
    const { prefs, defaultPrefs } = await freshRegistry();
    expect(await prefs.getValue()).toEqual({
      ...defaultPrefs,
      priceRefreshSec: 12,
      theme: 'dark',
      sort: { column: 'change', direction: 'asc' },
    });
  });

  it('keeps a remembered v1 connection remembered, its secrets moved off the disk for this session', async () => {
    await seed({
      connection: { environment: 'live', apiKey: 'KEY-1234', identifier: 'trader', password: 'pw-5678' },
      connection$: { v: 1 },
    });
    const { connection, sessionSecrets } = await freshRegistry();
    expect(await connection.getValue()).toEqual({
      environment: 'live',
      baseUrl: null,
      apiKey: null,
      identifier: 'trader',
      password: null,
      remember: true,
      sessionVersion: 2,
    });
    expect(await sessionSecrets.getValue()).toEqual({ apiKey: 'KEY-1234', password: 'pw-5678' });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toMatch(/KEY-1234|pw-5678/);
  });

  it('keeps every v1 alert, filling missing fields with neutral values', async () => {
    const old = [
      { id: 'a1', epic: 'CS.D.EURUSD.MINI.IP', kind: 'above', target: 1.1, armed: false, createdAt: 5, firedAt: 6 },
      { epic: 'IX.D.FTSE.DAILY.IP', kind: 'move-pct', target: 2 },
    ];
    await seed({ alerts: old, alerts$: { v: 1 } });
    const { alerts } = await freshRegistry();
    const migrated = await alerts.getValue();
    expect(migrated).toHaveLength(2);
    expect(migrated[0]).toMatchObject({ id: 'a1', armed: false, firedAt: 6, reference: null, quiet: null });
    expect(migrated[1]).toMatchObject({ epic: 'IX.D.FTSE.DAILY.IP', kind: 'move-pct', target: 2, armed: true });
    expect(migrated[1]?.id).toMatch(/^alert-migrated-/);
  });

  it('drops duplicate recent lookups, newest first', async () => {
    await seed({
      recentLookups: [
        { epic: 'CS.D.EURUSD.MINI.IP', instrumentName: 'EUR/USD', at: 1 },
        { epic: 'IX.D.FTSE.DAILY.IP', instrumentName: 'FTSE', at: 2 },
        { epic: 'CS.D.EURUSD.MINI.IP', instrumentName: 'EUR/USD Mini', at: 3 },
      ],
      recentLookups$: { v: 1 },
    });
    const { recentLookups } = await freshRegistry();
    expect((await recentLookups.getValue()).map((r) => [r.epic, r.at])).toEqual([
      ['CS.D.EURUSD.MINI.IP', 3],
      ['IX.D.FTSE.DAILY.IP', 2],
    ]);
  });

  it('leaves current values and empty storage alone', async () => {
    const { prefs, defaultPrefs, alerts } = await freshRegistry();
    expect(await prefs.getValue()).toEqual(defaultPrefs);
    expect(await alerts.getValue()).toEqual([]);
    const custom = { ...defaultPrefs, priceRefreshSec: 30 };
    await prefs.setValue(custom);
    vi.resetModules();
    const again = await freshRegistry();
    expect(await again.prefs.getValue()).toEqual(custom);
  });
});
