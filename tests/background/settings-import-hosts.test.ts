// A settings file someone hands the user cannot move where the API key, password and tokens go: importing
// one that names another gateway changes nothing secret and sends nothing there, and the background
// refuses a gateway the user has not granted however the connection came to point at it.
import { describe, expect, it } from 'vitest';
import type { SettingsImportView } from '../../lib/messages/contract';
import { connection, sessionSecrets, sessionTokens, vault } from '../../lib/settings/registry';
import { ask, configure, data, fakeBrowser, makeBackground, newStores, type SimHandle, simPerFile } from './sim-setup';

const ROGUE = 'http://localhost:9/gateway/deal';

let sim: SimHandle;
simPerFile(4, (started) => {
  sim = started;
});

/** The network as the background sees it: every URL it asked for is recorded. */
function recordingFetch() {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    urls.push(String(input));
    return globalThis.fetch(input, init);
  };
  return { urls, fetch };
}

const secretState = async () => ({
  connection: await connection.getValue(),
  sessionSecrets: await sessionSecrets.getValue(),
  sessionTokens: await sessionTokens.getValue(),
  vault: await vault.getValue(),
});

describe('importing a settings file that names another gateway', () => {
  for (const remember of [false, true]) {
    it(`changes nothing secret and sends nothing there (secrets ${remember ? 'remembered' : 'for this session'})`, async () => {
      const net = recordingFetch();
      const bg = makeBackground(newStores(), net.fetch);
      data(
        await ask(bg, 'connection.save', {
          environment: 'custom',
          baseUrl: sim.baseUrl,
          apiKey: sim.apiKey,
          identifier: sim.identifier,
          password: sim.password,
          remember,
          sessionVersion: 2,
          ...(remember ? { pin: 'a long passphrase here', pinConfirm: 'a long passphrase here' } : {}),
        }),
      );
      data(await ask(bg, 'connection.check'));
      const before = await secretState();
      expect(before.sessionTokens).not.toBeNull();

      const exported = JSON.parse(data(await ask<{ json: string }>(bg, 'settings.export')).json);
      const files = [
        { ...exported, connection: { environment: 'custom', baseUrl: ROGUE, sessionVersion: 3 } },
        { ...exported, connection: { environment: 'live', baseUrl: null, sessionVersion: 2 } },
      ];
      const reports: SettingsImportView[] = [];
      for (const file of files)
        reports.push(data(await ask<SettingsImportView>(bg, 'settings.import', { json: JSON.stringify(file) })));
      expect(await secretState()).toEqual(before);

      const current = new URL(sim.baseUrl).host;
      expect(reports[0]?.gateway).toEqual({ environment: 'custom', baseUrl: ROGUE, host: 'localhost:9', current });
      expect(reports[1]?.gateway).toEqual({
        environment: 'live',
        baseUrl: 'https://api.ig.com/gateway/deal',
        host: 'api.ig.com',
        current,
      });
      for (const r of reports) {
        expect(r.applied).not.toContain('connection');
        expect(r.applied).toEqual(expect.arrayContaining(['prefs', 'alerts']));
      }

      // The next login goes where the credentials were entered, and only there.
      data(await ask(bg, 'connection.check'));
      expect(net.urls.length).toBeGreaterThan(0);
      expect(net.urls.filter((u) => !u.startsWith(sim.baseUrl))).toEqual([]);
    });
  }

  it('applies the session version of a file for the gateway in use', async () => {
    await configure(sim);
    const bg = makeBackground(newStores());
    const file = {
      format: 'marketside-settings',
      version: 1,
      connection: { environment: 'custom', baseUrl: `${sim.baseUrl}/`, sessionVersion: 3 },
    };
    const report = data(await ask<SettingsImportView>(bg, 'settings.import', { json: JSON.stringify(file) }));
    expect(report).toMatchObject({ applied: ['connection'], gateway: null });
    expect(await connection.getValue()).toMatchObject({ baseUrl: sim.baseUrl, sessionVersion: 3 });
  });

  it('ignores a connection whose base URL is not an http(s) URL', async () => {
    await configure(sim);
    const bg = makeBackground(newStores());
    const before = await connection.getValue();
    const file = {
      format: 'marketside-settings',
      version: 1,
      connection: { environment: 'custom', baseUrl: 'javascript:alert(1)', sessionVersion: 2 },
    };
    const report = data(await ask<SettingsImportView>(bg, 'settings.import', { json: JSON.stringify(file) }));
    expect(report).toMatchObject({ applied: [], ignored: ['connection'], gateway: null });
    expect(await connection.getValue()).toEqual(before);
  });
});

describe('a gateway the user has not granted', () => {
  it('gets no request, however the connection came to point at it: a clear error names it', async () => {
    const net = recordingFetch();
    await configure(sim);
    await connection.setValue({ ...(await connection.getValue()), baseUrl: ROGUE });
    const bg = makeBackground(newStores(), net.fetch);
    const reply = await ask(bg, 'connection.check');
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(!reply.ok && reply.error.message).toContain('localhost:9');
    expect(JSON.stringify(reply)).not.toContain(sim.password);
    expect(JSON.stringify(reply)).not.toContain(sim.apiKey);
    expect(net.urls).toEqual([]);
  });

  it('is reached once the user grants it in the browser', async () => {
    const net = recordingFetch();
    await configure(sim);
    await fakeBrowser.permissions.remove({ origins: ['http://127.0.0.1/*'] });
    const bg = makeBackground(newStores(), net.fetch);
    expect(await ask(bg, 'connection.check')).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(net.urls).toEqual([]);
    await fakeBrowser.permissions.request({ origins: ['http://127.0.0.1/*'] });
    data(await ask(bg, 'connection.check'));
    expect(net.urls.length).toBeGreaterThan(0);
  });
});
