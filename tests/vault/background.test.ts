// Remembered credentials through the router, against the simulated service: a PIN is needed to
// remember, only ciphertext reaches storage.local in every state, a browser restart locks, the right
// PIN unlocks and signs in, wrong PINs are counted across worker restarts and the fifth erases.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusView, VaultView } from '../../lib/messages/contract';
import { connection, sessionSecrets, vault, vaultKey } from '../../lib/settings/registry';
import { fakeBrowser, type SimHandle, startSim } from '../background/sim-setup';
import { ask as askWorker, ok, VAULT_OPTIONS, type VaultWorker, vaultWorker as worker } from './setup';

const PIN = 'river-otter-42';
const NEW_PIN = 'harbour-lights-7';

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 3 });
});
afterAll(async () => {
  await sim.close();
});

let logged: string[] = [];
beforeEach(() => {
  fakeBrowser.reset();
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
});
afterEach(() => {
  // No console line and no request the simulated service saw carries a PIN.
  for (const pin of [PIN, NEW_PIN, 'wrong-pin-1']) {
    expect(logged.join('\n')).not.toContain(pin);
    expect(JSON.stringify(sim.control.requestLog())).not.toContain(pin);
  }
});

/** The browser closed and opened again: storage.session is gone, storage.local stays. */
async function restartBrowser() {
  await fakeBrowser.storage.session.clear();
  return worker();
}

/** Asks as a page would; no reply carries a PIN. */
async function ask<T = unknown>(bg: VaultWorker, type: string, data: unknown = {}) {
  const r = await askWorker<T>(bg, type, data);
  for (const pin of [PIN, NEW_PIN, 'wrong-pin-1']) expect(JSON.stringify(r)).not.toContain(pin);
  return r;
}

/** Every value in storage.local, as text: never the password, the API key or a PIN. */
async function expectNoPlainTextOnDisk() {
  const local = JSON.stringify(await fakeBrowser.storage.local.get());
  for (const secret of [sim.password, sim.apiKey, PIN, NEW_PIN]) expect(local).not.toContain(secret);
}

const save = (extra: Record<string, unknown> = {}) => ({
  environment: 'custom',
  baseUrl: sim.baseUrl,
  apiKey: sim.apiKey,
  identifier: sim.identifier,
  password: sim.password,
  remember: true,
  sessionVersion: 2,
  ...extra,
});

const status = async (bg: VaultWorker) => ok(await ask<StatusView>(bg, 'status.get'));

async function rememberWithPin() {
  const bg = await worker();
  ok(await ask(bg, 'connection.save', save({ pin: PIN, pinConfirm: PIN })));
  return bg;
}

describe('remembering needs a PIN', () => {
  it('refuses to remember without a PIN, with a short one or with a confirmation that differs', async () => {
    const bg = await worker();
    expect(await ask(bg, 'connection.save', save())).toMatchObject({ ok: false, error: { field: 'pin' } });
    expect(await ask(bg, 'connection.save', save({ pin: '12345', pinConfirm: '12345' }))).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'pin', message: expect.stringContaining('at least 6') },
    });
    expect(await ask(bg, 'connection.save', save({ pin: PIN, pinConfirm: NEW_PIN }))).toMatchObject({
      ok: false,
      error: { field: 'pinConfirm' },
    });
    expect(await vault.getValue()).toBeNull();
    expect((await connection.getValue()).identifier).toBeNull();
    await expectNoPlainTextOnDisk();
  });

  it('keeps only ciphertext on disk, signs in while unlocked and updates the secrets without the PIN', async () => {
    const bg = await rememberWithPin();
    expect(await vault.getValue()).toMatchObject({ version: 2, algorithm: 'AES-GCM', ...VAULT_OPTIONS.kdf });
    expect(await vaultKey.getValue()).toEqual(expect.any(String));
    expect(await sessionSecrets.getValue()).toEqual({ apiKey: null, password: null });
    await expectNoPlainTextOnDisk();
    ok(await ask(bg, 'connection.check'));
    expect(await status(bg)).toMatchObject({ state: 'signed-in', vault: { state: 'unlocked', notice: null } });

    // Saved again while unlocked: encrypted under the same key with a fresh IV, no PIN asked.
    const before = await vault.getValue();
    ok(await ask(bg, 'connection.save', save()));
    const after = await vault.getValue();
    expect(after?.salt).toBe(before?.salt);
    expect(after?.iv).not.toBe(before?.iv);
    await expectNoPlainTextOnDisk();
  });
});

describe('after a browser restart', () => {
  it('is locked until the right PIN, then signs in by itself', async () => {
    await rememberWithPin();
    const bg = await restartBrowser();
    expect(await status(bg)).toMatchObject({ state: 'locked', vault: { state: 'locked', triesLeft: 5 } });
    expect(await ask(bg, 'markets.search', { term: 'eur' })).toMatchObject({
      ok: false,
      error: { kind: 'signed-out' },
    });
    await expectNoPlainTextOnDisk();

    const wrong = await ask(bg, 'vault.unlock', { pin: 'wrong-pin-1' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'validation', field: 'pin' } });
    expect(!wrong.ok && wrong.error.message).toContain('4 tries left');
    expect((await status(bg)).vault.triesLeft).toBe(4);

    const logins = sim.control.requestLog().filter((e) => e.path.endsWith('/session')).length;
    expect(ok(await ask<VaultView>(bg, 'vault.unlock', { pin: PIN }))).toEqual({
      state: 'unlocked',
      triesLeft: 5,
      notice: null,
    });
    // Signed in without being asked: one login, and the status says so.
    expect(sim.control.requestLog().filter((e) => e.path.endsWith('/session')).length).toBeGreaterThan(logins);
    expect((await status(bg)).state).toBe('signed-in');
    expect(ok(await ask<{ value: unknown[] }>(bg, 'markets.search', { term: 'eur' })).value.length).toBeGreaterThan(0);
    await expectNoPlainTextOnDisk();
  });

  it('erases the remembered secrets at the fifth wrong PIN in a row, counting across worker restarts', async () => {
    await rememberWithPin();
    let bg = await restartBrowser();
    for (let i = 0; i < 3; i++) expect((await ask(bg, 'vault.unlock', { pin: 'wrong-pin-1' })).ok).toBe(false);
    bg = await worker(); // the service worker stopped and started again; storage.session is kept
    expect((await status(bg)).vault.triesLeft).toBe(2);
    expect((await ask(bg, 'vault.unlock', { pin: 'wrong-pin-1' })).ok).toBe(false);
    const last = await ask(bg, 'vault.unlock', { pin: 'wrong-pin-1' });
    expect(last).toMatchObject({ ok: false, error: { field: 'pin', message: expect.stringContaining('erased') } });
    expect(await vault.getValue()).toBeNull();
    expect(await status(bg)).toMatchObject({
      state: 'signed-out',
      vault: { state: 'none', notice: 'locked-out', triesLeft: 5 },
    });
    // The right PIN is too late now; what else the user set is kept.
    expect((await ask(bg, 'vault.unlock', { pin: PIN })).ok).toBe(false);
    expect(await connection.getValue()).toMatchObject({ identifier: sim.identifier, baseUrl: sim.baseUrl });
    await expectNoPlainTextOnDisk();
  });

  it('a right PIN resets the count of wrong ones', async () => {
    await rememberWithPin();
    const bg = await restartBrowser();
    for (let i = 0; i < 4; i++) expect((await ask(bg, 'vault.unlock', { pin: 'wrong-pin-1' })).ok).toBe(false);
    ok(await ask(bg, 'vault.unlock', { pin: PIN }));
    expect((await status(bg)).vault.triesLeft).toBe(5);
  });
});

describe('changing the PIN and forgetting', () => {
  it('re-encrypts under a new PIN: from an unlocked session, or with the current PIN when locked', async () => {
    const bg = await rememberWithPin();
    const first = await vault.getValue();
    ok(await ask(bg, 'vault.setPin', { pin: NEW_PIN, pinConfirm: NEW_PIN }));
    const second = await vault.getValue();
    expect(second?.salt).not.toBe(first?.salt);
    expect(second?.ciphertext).not.toBe(first?.ciphertext);
    await expectNoPlainTextOnDisk();

    let locked = await restartBrowser();
    expect((await ask(locked, 'vault.unlock', { pin: PIN })).ok).toBe(false);
    // Locked: the current PIN is needed, and a wrong one counts.
    expect(await ask(locked, 'vault.setPin', { pin: PIN, pinConfirm: PIN })).toMatchObject({
      ok: false,
      error: { field: 'currentPin' },
    });
    expect(await ask(locked, 'vault.setPin', { currentPin: 'wrong-pin-1', pin: PIN, pinConfirm: PIN })).toMatchObject({
      ok: false,
      error: { field: 'currentPin' },
    });
    expect((await status(locked)).vault.triesLeft).toBe(3);
    ok(await ask(locked, 'vault.setPin', { currentPin: NEW_PIN, pin: PIN, pinConfirm: PIN }));
    await expectNoPlainTextOnDisk();

    locked = await restartBrowser();
    ok(await ask(locked, 'vault.unlock', { pin: PIN }));
    expect((await status(locked)).state).toBe('signed-in');
  });

  it('"Forget credentials" erases the vault, the key and the session', async () => {
    const bg = await rememberWithPin();
    ok(await ask(bg, 'connection.forget'));
    expect(await vault.getValue()).toBeNull();
    expect(await vaultKey.getValue()).toBeNull();
    expect(await status(bg)).toMatchObject({ state: 'signed-out', vault: { state: 'none', notice: null } });
    await expectNoPlainTextOnDisk();
  });

  it('unticking "Remember" erases the vault and keeps the secrets for this session only', async () => {
    const bg = await rememberWithPin();
    ok(await ask(bg, 'connection.save', save({ remember: false })));
    expect(await vault.getValue()).toBeNull();
    expect(await sessionSecrets.getValue()).toEqual({ apiKey: sim.apiKey, password: sim.password });
    await expectNoPlainTextOnDisk();
  });
});
