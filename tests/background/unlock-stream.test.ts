// After a browser restart (an update to a new version is one), the side panel is open, the vault is locked and
// the stream is off as signed out; the passphrase typed once brings the prices back live, also when the unlock
// converts a record made with weaker key derivation (as the previous release's are) and so changes storage
// twice. With the official Lightstreamer client on the simulated stream.
import { LightstreamerClient, Subscription } from 'lightstreamer-client-node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/create-background';
import type { LivePort } from '../../lib/background/stream/live-hub';
import { LIVE_PORT, type Reply, type StatusView } from '../../lib/messages/contract';
import { type LightstreamerLibrary, lightstreamerLink } from '../../lib/stream/lightstreamer-link';
import { argon2InThread } from '../../lib/vault/argon2';
import type { KdfParams } from '../../lib/vault/crypto';
import { EXTENSION_ID, fakeBrowser, newStores, ORIGIN, PAGE, type SimHandle, startSim } from './sim-setup';

const lib = { LightstreamerClient, Subscription } as unknown as LightstreamerLibrary;
const PIN = 'copper-kettle-lantern-7';
const WEAKER: KdfParams = { kdf: 'Argon2id', iterations: 1, memoryKiB: 64, parallelism: 1 };
const CURRENT: KdfParams = { kdf: 'Argon2id', iterations: 2, memoryKiB: 64, parallelism: 1 };

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 5 });
});
afterAll(async () => {
  await sim.close();
});
const running: { stop(): void }[] = [];
beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  for (const bg of running.splice(0)) bg.stop();
});

async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A worker as the browser starts it, with a side panel open on it. */
function worker(kdf: KdfParams) {
  const bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    vault: { kdf, argon2: argon2InThread },
    stream: { withoutPages: true, createLink: async () => lightstreamerLink(lib) },
  });
  running.push(bg);
  let onMessage: (m: unknown) => void = () => {};
  const port: LivePort = {
    name: LIVE_PORT,
    sender: { id: PAGE.id, url: PAGE.url },
    postMessage: () => {},
    disconnect: () => {},
    onMessage: {
      addListener: (fn) => {
        onMessage = fn;
      },
    },
    onDisconnect: { addListener: () => {} },
  };
  void bg.start();
  expect(bg.hub.accept(port)).toBe(true);
  onMessage({ kind: 'watch', epics: ['CS.D.EURUSD.MINI.IP'], marketIds: [], visible: true });
  onMessage({ kind: 'awake' });
  let seq = 0;
  const ask = async <T>(type: string, data: unknown = {}): Promise<T> => {
    const reply = (await bg.route({ id: seq++, type, data, timestamp: 0 }, PAGE)) as Reply<T>;
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  };
  return { bg, ask, mode: async () => (await ask<StatusView>('status.get')).stream?.mode };
}

it('the passphrase after a browser restart brings the stream back live, converting an older vault', async () => {
  const before = worker(WEAKER);
  await before.ask('connection.save', {
    environment: 'custom',
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    remember: true,
    sessionVersion: 2,
    pin: PIN,
    pinConfirm: PIN,
  });
  await until('live before the restart', async () => (await before.mode()) === 'live', 15_000);
  before.bg.stop();

  // The browser restarts on the new version: storage.session (the vault's key, the tokens) is gone.
  await fakeBrowser.storage.session.clear();
  const after = worker(CURRENT);
  await until('locked', async () => (await after.ask<StatusView>('status.get')).state === 'locked', 15_000);
  expect(await after.mode()).toBe('off');
  await after.ask('vault.unlock', { pin: PIN });
  await until('live after the passphrase', async () => (await after.mode()) === 'live', 15_000);
}, 60_000);
