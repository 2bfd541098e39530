// A connection remembered in plain text by version 2 (before the vault): on first use after the update
// the plain text leaves storage.local and works for this browser session; the user is asked for a PIN,
// which encrypts it. A vault made with PBKDF2 (before Argon2id) is converted at its next unlock. Nothing
// else the user made is lost.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusView } from '../../lib/messages/contract';
import { fakeBrowser, type SimHandle, startSim } from '../background/sim-setup';
import {
  ask as askWorker,
  ok,
  vaultWorker as updatedWorker,
  VAULT_OPTIONS,
  type VaultWorker,
  version2Connection,
} from './setup';

const PIN = 'lantern-field-8';
const OLD_PIN = '482913';
let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 4 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  vi.resetModules();
});

/** What version 2 wrote for a user who ticked "remember", with other things they made beside it. */
async function seedVersion2() {
  await fakeBrowser.storage.local.set({
    ...version2Connection(sim),
    prefs: { priceRefreshSec: 9, sentimentRefreshMin: 5, backgroundRefreshMin: 5, sparklines: false, theme: 'dark' },
    prefs$: { v: 2 },
    pinnedEpic: 'CS.D.EURUSD.MINI.IP',
    pinnedEpic$: { v: 1 },
  });
}

/** The updated extension's worker (modules loaded afresh, so migrations run) answering as a page asks. */
async function ask<T>(bg: VaultWorker, type: string, data: unknown = {}) {
  return ok(await askWorker<T>(bg, type, data));
}

async function localText() {
  return JSON.stringify(await fakeBrowser.storage.local.get());
}

describe('a v2 remembered connection', () => {
  it('leaves storage.local at once, works this session, and is encrypted when the user sets a PIN', async () => {
    await seedVersion2();
    const bg = await updatedWorker();
    const first = await ask<StatusView>(bg, 'status.get');
    expect(first.vault).toEqual({ state: 'pin-needed', triesLeft: 5, notice: null });
    expect(await localText()).not.toContain(sim.password);
    expect(await localText()).not.toContain(sim.apiKey);
    // Still signed in with it for this session.
    const found = await ask<{ value: unknown[] }>(bg, 'markets.search', { term: 'eur' });
    expect(found.value.length).toBeGreaterThan(0);

    const view = await ask(bg, 'vault.setPin', { pin: PIN, pinConfirm: PIN });
    expect(view).toEqual({ state: 'unlocked', triesLeft: 5, notice: null });
    const { registry } = await import('../../lib/settings/registry');
    expect(await registry.sessionSecrets.getValue()).toEqual({ apiKey: null, password: null });
    expect(await registry.vault.getValue()).toMatchObject({ algorithm: 'AES-GCM' });
    for (const secret of [sim.password, sim.apiKey, PIN]) expect(await localText()).not.toContain(secret);

    // Everything else the user made is as it was.
    expect(await registry.connection.getValue()).toEqual({
      environment: 'custom',
      baseUrl: sim.baseUrl,
      apiKey: null,
      identifier: sim.identifier,
      password: null,
      remember: true,
      sessionVersion: 2,
    });
    expect(await registry.prefs.getValue()).toMatchObject({ priceRefreshSec: 9, sparklines: false, theme: 'dark' });
    expect(await registry.pinnedEpic.getValue()).toBe('CS.D.EURUSD.MINI.IP');

    // The next browser session asks for the PIN and signs in with it.
    await fakeBrowser.storage.session.clear();
    vi.resetModules();
    const next = await updatedWorker();
    expect((await ask<StatusView>(next, 'status.get')).state).toBe('locked');
    await ask(next, 'vault.unlock', { pin: PIN });
    expect((await ask<StatusView>(next, 'status.get')).state).toBe('signed-in');
  });

  it('closed before a PIN was chosen: the settings are kept and the user is told to enter the secrets again', async () => {
    await seedVersion2();
    await ask(await updatedWorker(), 'status.get');
    await fakeBrowser.storage.session.clear();
    vi.resetModules();
    const next = await updatedWorker();
    const status = await ask<StatusView>(next, 'status.get');
    expect(status).toMatchObject({ state: 'signed-out', vault: { state: 'none', notice: 'unprotected-removed' } });
    const { registry } = await import('../../lib/settings/registry');
    expect(await registry.connection.getValue()).toMatchObject({ identifier: sim.identifier, remember: true });
    expect(await localText()).not.toContain(sim.password);
  });
});

describe('a vault made with PBKDF2 before Argon2id', () => {
  /** Remembered under a PIN by the previous version: its record (PBKDF2-SHA256, 600,000 iterations). */
  async function seedPbkdf2Vault() {
    const { createVault } = await import('../../lib/vault/crypto');
    const { record } = await createVault({ apiKey: sim.apiKey, password: sim.password }, OLD_PIN, {
      kdf: { kdf: 'PBKDF2-SHA256', iterations: 600_000 },
      argon2: (await import('../../lib/vault/argon2')).argon2InThread,
    });
    expect(record).toMatchObject({ version: 1, kdf: 'PBKDF2-SHA256' });
    await fakeBrowser.storage.local.set({
      connection: {
        environment: 'custom',
        baseUrl: sim.baseUrl,
        apiKey: null,
        identifier: sim.identifier,
        password: null,
        remember: true,
        sessionVersion: 2,
      },
      connection$: { v: 3 },
      vault: record,
      vault$: { v: 1 },
    });
    return record;
  }

  it('is converted to Argon2id at the first right PIN; a wrong one before it still counts', async () => {
    const old = await seedPbkdf2Vault();
    const bg = await updatedWorker();
    const { registry } = await import('../../lib/settings/registry');
    // Locked, and the settings will ask for a new passphrase: this PIN was never checked for strength.
    expect((await ask<StatusView>(bg, 'status.get')).vault).toEqual({
      state: 'locked',
      triesLeft: 5,
      notice: null,
      unchecked: true,
    });

    const wrong = await askWorker(bg, 'vault.unlock', { pin: '482914' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { field: 'pin', message: expect.stringContaining('4 tries left') },
    });
    expect(await registry.vault.getValue()).toEqual(old);

    await ask(bg, 'vault.unlock', { pin: OLD_PIN });
    const converted = await registry.vault.getValue();
    expect(converted).toMatchObject({ version: 2, kdf: 'Argon2id', ...VAULT_OPTIONS.kdf, unchecked: true });
    expect(converted?.salt).not.toBe(old.salt);
    expect(await ask<StatusView>(bg, 'status.get')).toMatchObject({
      state: 'signed-in',
      vault: { state: 'unlocked', unchecked: true },
    });
    for (const secret of [sim.password, sim.apiKey, OLD_PIN]) expect(await localText()).not.toContain(secret);

    // The next browser session opens the converted record with the same PIN, and leaves it as it is.
    await fakeBrowser.storage.session.clear();
    vi.resetModules();
    const next = await updatedWorker();
    await ask(next, 'vault.unlock', { pin: OLD_PIN });
    expect((await ask<StatusView>(next, 'status.get')).state).toBe('signed-in');
    const { registry: after } = await import('../../lib/settings/registry');
    expect(await after.vault.getValue()).toEqual(converted);
  });

  it('changing the PIN of a locked one writes an Argon2id record under the new passphrase', async () => {
    await seedPbkdf2Vault();
    const bg = await updatedWorker();
    const phrase = 'quarry velvet oxide lantern';
    await ask(bg, 'vault.setPin', { currentPin: OLD_PIN, pin: phrase, pinConfirm: phrase });
    const { registry } = await import('../../lib/settings/registry');
    expect(await registry.vault.getValue()).toMatchObject({ version: 2, kdf: 'Argon2id' });
    expect(await registry.vault.getValue()).not.toHaveProperty('unchecked');
    expect((await ask<StatusView>(bg, 'status.get')).vault).toEqual({ state: 'unlocked', triesLeft: 5, notice: null });
    await fakeBrowser.storage.session.clear();
    vi.resetModules();
    const next = await updatedWorker();
    expect((await askWorker(next, 'vault.unlock', { pin: OLD_PIN })).ok).toBe(false);
    await ask(next, 'vault.unlock', { pin: phrase });
    expect((await ask<StatusView>(next, 'status.get')).state).toBe('signed-in');
  });
});
