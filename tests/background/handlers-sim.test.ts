// The core handlers through the router, against the simulated service: connection settings and where
// their secrets go, the login check, watchlist edits, the settings file, the badge pin, live ports.

import { describe, expect, it } from 'vitest';
import { mergeHandlers, plugins } from '../../lib/background/plugins';
import { missingHandlers } from '../../lib/background/routing/unavailable';
import type { LivePort } from '../../lib/background/stream/live-hub';
import { LIVE_PORT, type LiveToPage } from '../../lib/messages/contract';
import { alerts, connection, pinnedEpic, prefs, sessionSecrets } from '../../lib/settings/registry';
import { VAULT_OPTIONS } from '../helpers/vault-options';
import {
  ask,
  configure,
  data,
  fakeBrowser,
  makeBackground,
  newStores,
  ORIGIN,
  PAGE,
  type SimHandle,
  simEpics,
  simPerFile,
} from './sim-setup';

let sim: SimHandle;
simPerFile(2, (started) => {
  sim = started;
});

const saveRequest = (remember: boolean) => ({
  environment: 'custom',
  baseUrl: sim.baseUrl,
  apiKey: sim.apiKey,
  identifier: sim.identifier,
  password: sim.password,
  remember,
  sessionVersion: 2,
});

describe('connection', () => {
  it('keeps secrets in storage.session unless the user ticks remember', async () => {
    const bg = makeBackground(newStores());
    const view = data(await ask(bg, 'connection.save', saveRequest(false)));
    expect(view).toEqual({
      environment: 'custom',
      baseUrl: sim.baseUrl,
      apiKeySet: true,
      identifier: sim.identifier,
      passwordSet: true,
      remember: false,
      sessionVersion: 2,
    });
    expect(await connection.getValue()).toMatchObject({ apiKey: null, password: null });
    expect(await sessionSecrets.getValue()).toEqual({ apiKey: sim.apiKey, password: sim.password });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain(sim.password);

    // Remembered: encrypted under a PIN (tests/vault), never in plain text on disk.
    data(await ask(bg, 'connection.save', { ...saveRequest(true), pin: 'pin-for-this', pinConfirm: 'pin-for-this' }));
    expect(await connection.getValue()).toMatchObject({ apiKey: null, password: null, remember: true });
    expect(await sessionSecrets.getValue()).toEqual({ apiKey: null, password: null });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain(sim.password);
  });

  it('checks a login and says exactly why it failed', async () => {
    const bg = makeBackground(newStores());
    data(await ask(bg, 'connection.save', saveRequest(false)));
    const ok = data(await ask<{ account: { accountId: string } }>(bg, 'connection.check'));
    expect(sim.accounts.map((a) => a.accountId)).toContain(ok.account.accountId);
    const status = data(await ask<{ state: string }>(bg, 'status.get'));
    expect(status.state).toBe('signed-in');

    data(await ask(bg, 'connection.save', { ...saveRequest(false), password: 'wrong-password' }));
    const bad = await ask(bg, 'connection.check');
    expect(bad).toMatchObject({ ok: false, error: { kind: 'bad-credentials' } });
    expect(JSON.stringify(bad)).not.toContain('wrong-password');
  });

  it('is signed out with nothing configured, and forgets everything when asked', async () => {
    const bg = makeBackground(newStores());
    expect(await ask(bg, 'markets.search', { term: 'eur' })).toMatchObject({
      ok: false,
      error: { kind: 'signed-out' },
    });
    data(await ask(bg, 'connection.save', saveRequest(false)));
    data(await ask(bg, 'connection.forget'));
    expect(await connection.getValue()).toMatchObject({ apiKey: null, password: null, identifier: null });
    expect(data(await ask<{ state: string }>(bg, 'status.get')).state).toBe('signed-out');
  });
});

describe('watchlists through the router', () => {
  it('creates, adds and removes; a refused add leaves the list as it was', async () => {
    await configure(sim);
    const bg = makeBackground(newStores());
    const [a, b] = simEpics(2) as [string, string];
    const created = data(
      await ask<{ id: string }>(bg, 'watchlists.create', { name: `Test ${Date.now()}`, epics: [a] }),
    );
    const added = data(await ask<{ epics: string[] }>(bg, 'watchlists.addMarket', { id: created.id, epic: b }));
    expect(added.epics).toEqual([a, b]);
    expect(sim.control.state().watchlists.find((w) => w.id === created.id)?.epics).toEqual([a, b]);

    const refused = await ask(bg, 'watchlists.addMarket', { id: created.id, epic: 'XX.D.NOSUCH.IP' });
    expect(refused.ok).toBe(false);
    const after = data(await ask<{ value: { epics: string[] } }>(bg, 'watchlists.get', { id: created.id }));
    expect(after.value.epics).toEqual([a, b]);

    const removed = data(await ask<{ epics: string[] }>(bg, 'watchlists.removeMarket', { id: created.id, epic: a }));
    expect(removed.epics).toEqual([b]);
    data(await ask(bg, 'watchlists.delete', { id: created.id }));
    const list = data(await ask<{ value: { id: string }[] }>(bg, 'watchlists.list'));
    expect(list.value.map((w) => w.id)).not.toContain(created.id);
  });
});

describe('browse', () => {
  it('lists categories and pages through their instruments from page 1', async () => {
    await configure(sim);
    const bg = makeBackground(newStores());
    const categories = data(await ask<{ value: { code: string }[] }>(bg, 'categories.list'));
    expect(categories.value.map((c) => c.code)).toContain('INDICES');
    const first = data(
      await ask<{ instruments: { epic: string }[]; hasMore: boolean }>(bg, 'categories.instruments', {
        categoryId: 'INDICES',
        pageSize: 5,
      }),
    );
    expect(first.instruments).toHaveLength(5);
    expect(first.hasMore).toBe(true);
    const second = data(
      await ask<{ instruments: { epic: string }[] }>(bg, 'categories.instruments', {
        categoryId: 'INDICES',
        page: 2,
        pageSize: 5,
      }),
    );
    expect(second.instruments.length).toBeGreaterThan(0);
    expect(second.instruments.map((i) => i.epic)).not.toContain(first.instruments[0]?.epic);
  });
});

describe('settings file and badge', () => {
  it('exports no secret and round-trips without duplicates', async () => {
    await configure(sim);
    const bg = makeBackground(newStores());
    await prefs.setValue({ ...(await prefs.getValue()), priceRefreshSec: 9 });
    await alerts.setValue([
      {
        id: 'a1',
        epic: 'CS.D.EURUSD.MINI.IP',
        instrumentName: 'EUR/USD',
        kind: 'above',
        target: 1.2,
        reference: null,
        marketId: 'EURUSD',
        armed: true,
        createdAt: 1,
        firedAt: null,
        quiet: null,
      },
    ]);
    const file = data(await ask<{ filename: string; json: string }>(bg, 'settings.export'));
    expect(file.filename).toMatch(/^marketside-settings-\d{4}-\d\d-\d\d\.json$/);
    expect(file.json).not.toContain(sim.password);
    expect(file.json).not.toContain(sim.apiKey);
    const result = data(await ask<{ applied: string[] }>(bg, 'settings.import', { json: file.json }));
    expect(result.applied).toEqual(expect.arrayContaining(['prefs', 'connection', 'alerts', 'recentLookups']));
    expect(await alerts.getValue()).toHaveLength(1);
    const again = data(await ask<{ json: string }>(bg, 'settings.export'));
    const strip = (json: string) => ({ ...JSON.parse(json), exportedAt: 0 });
    expect(strip(again.json)).toEqual(strip(file.json));
    expect(await ask(bg, 'settings.import', { json: '{"format":"other"}' })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
  });

  it('pins a market to the badge and clears it', async () => {
    await configure(sim);
    const texts: string[] = [];
    const [epic] = simEpics(1) as [string];
    const { createBackground } = await import('../../lib/background/create-background');
    const withBadge = createBackground({
      extensionId: PAGE.id,
      extensionOrigin: ORIGIN,
      vault: VAULT_OPTIONS,
      openStore: newStores(),
      action: {
        setBadgeText: (d) => void texts.push(d.text),
        setBadgeBackgroundColor: () => {},
        setTitle: () => {},
      },
    });
    const reply = await withBadge.route({ id: 1, type: 'badge.pin', data: { epic }, timestamp: 1 }, PAGE);
    expect(reply).toEqual({ ok: true, data: null });
    expect(await pinnedEpic.getValue()).toBe(epic);
    expect(texts.at(-1)).toMatch(/^([+-]\d+(\.\d)?|0\.0|–)$/);
    await withBadge.route({ id: 2, type: 'badge.pin', data: { epic: null }, timestamp: 2 }, PAGE);
    expect(texts.at(-1)).toBe('');
  });
});

describe('live ports', () => {
  it('refreshes what a visible page watches and tells it what changed', async () => {
    await configure(sim);
    const bg = makeBackground(newStores());
    const received: LiveToPage[] = [];
    let onMessage: (m: unknown) => void = () => {};
    let onClose: () => void = () => {};
    const port: LivePort = {
      name: LIVE_PORT,
      sender: { id: PAGE.id, url: PAGE.url },
      postMessage: (m) => void received.push(m),
      disconnect: () => {},
      onMessage: {
        addListener: (fn) => {
          onMessage = fn;
        },
      },
      onDisconnect: {
        addListener: (fn) => {
          onClose = fn;
        },
      },
    };
    expect(bg.hub.accept(port)).toBe(true);
    const epics = simEpics(3);
    onMessage({ kind: 'watch', epics, marketIds: [], visible: true });
    for (let i = 0; i < 500 && !received.some((m) => m.kind === 'changed' && m.store === 'snapshots'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const changed = received.find((m) => m.kind === 'changed' && m.store === 'snapshots');
    expect(changed).toMatchObject({ kind: 'changed', store: 'snapshots' });
    expect(changed?.kind === 'changed' && [...changed.keys].sort()).toEqual([...epics].sort());
    expect(received.some((m) => m.kind === 'status')).toBe(true);
    onClose();
    expect(bg.engine.active).toBe(false);
    bg.stop();
  });
});

describe('handler table', () => {
  it('has a real handler for every message of the contract, each claimed once', () => {
    expect(missingHandlers(mergeHandlers(plugins))).toEqual([]);
  });
});
