// Firefox derives the vault's key in a worker (lib/vault/argon2-worker.ts): the key is the one this thread
// would derive, each worker is ended once it replies, and a worker that fails or cannot start is a clear
// error, never a key. The "worker" here is the worker's own code behind a message channel.
import { describe, expect, it } from 'vitest';
import { type Argon2, type Argon2Job, argon2InThread } from '../../lib/vault/argon2';
import { type Argon2Outcome, argon2InWorker, serveArgon2, type WorkerLike } from '../../lib/vault/argon2-worker';
import { createVault, type KdfParams, unlockVault, WrongPinError } from '../../lib/vault/crypto';
import { fakeWorkers } from '../helpers/fake-workers';

const LIGHT: KdfParams = { kdf: 'Argon2id', iterations: 1, memoryKiB: 64, parallelism: 1 };
const SECRETS = { apiKey: 'api-key-0123456789abcdef', password: 'correct horse battery staple' };
const job = (password: string): Argon2Job => ({
  password: new TextEncoder().encode(password),
  salt: new Uint8Array(16).fill(7),
  iterations: 1,
  memoryKiB: 64,
  parallelism: 1,
  hashLength: 32,
});

/** Workers that run `serveArgon2(argon2)`; `made` says which were ended. */
const workers = (argon2: Argon2 = argon2InThread) =>
  fakeWorkers<Argon2Job, Argon2Outcome>((scope) => serveArgon2(scope, argon2));

describe('Argon2id in a worker', () => {
  it('derives the key this thread would, in a worker of its own that is ended when it replies', async () => {
    const { spawn, made } = workers();
    const inWorker = argon2InWorker(spawn);
    const [a, b] = await Promise.all([inWorker(job('first passphrase')), inWorker(job('second passphrase'))]);
    expect([...a]).toEqual([...(await argon2InThread(job('first passphrase')))]);
    expect([...b]).toEqual([...(await argon2InThread(job('second passphrase')))]);
    expect(a).toHaveLength(32);
    expect(made.map((w) => w.terminated)).toEqual([true, true]);
  });

  it('a vault made through the worker opens in this thread, and only with its passphrase', async () => {
    const { spawn, made } = workers();
    const argon2 = argon2InWorker(spawn);
    const { record, key } = await createVault(SECRETS, 'a passphrase of mine', { kdf: LIGHT, argon2 });
    const opened = await unlockVault(record, 'a passphrase of mine', { argon2: argon2InThread });
    expect(opened.secrets).toEqual(SECRETS);
    expect([...opened.key]).toEqual([...key]);
    await expect(unlockVault(record, 'another passphrase', { argon2 })).rejects.toBeInstanceOf(WrongPinError);
    expect(made).toHaveLength(2);
  });

  it('a derivation that fails in the worker is an error that says so, and the worker is ended', async () => {
    const { spawn, made } = workers(async () => {
      throw new Error('out of memory');
    });
    await expect(argon2InWorker(spawn)(job('x'))).rejects.toThrow('Key derivation failed: out of memory');
    expect(made.map((w) => w.terminated)).toEqual([true]);
  });

  it('a worker that cannot start is an error that says so, and it is ended', async () => {
    const made: { terminated: boolean }[] = [];
    const spawn = (): WorkerLike => {
      const state = { terminated: false };
      made.push(state);
      const worker: WorkerLike = {
        onmessage: null,
        onerror: null,
        postMessage: () => setTimeout(() => worker.onerror?.({ message: 'NetworkError: kdf-worker.js' })),
        terminate: () => {
          state.terminated = true;
        },
      };
      return worker;
    };
    await expect(argon2InWorker(spawn)(job('x'))).rejects.toThrow(
      'Key derivation worker failed: NetworkError: kdf-worker.js',
    );
    expect(made).toEqual([{ terminated: true }]);
  });
});
