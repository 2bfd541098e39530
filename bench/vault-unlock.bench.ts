// Time to unlock the remembered credentials with the production key derivation (Argon2id, 64 MiB,
// 3 passes, 4 lanes, through hash-wasm's WebAssembly as the worker runs it), beside the PBKDF2 it replaced,
// and the one-off conversion of an old vault at its first unlock. The goal: under a second.
import { argon2InThread } from '../lib/vault/argon2';
import { ARGON2ID, createVault, PBKDF2_ITERATIONS, unlockVault } from '../lib/vault/crypto';

const HERE = { argon2: argon2InThread };

import { median } from './env';
import type { BenchModule } from './types';

const RUNS = 5;
const SECRETS = { apiKey: 'bench-api-key-0123456789', password: 'bench-password-Qx81' };
const PASSPHRASE = 'bench quarry velvet oxide lantern';

/** Wall times, and the process's CPU time (user + system) of each run: the cost apart from the machine's load. */
async function times(fn: () => Promise<unknown>, cpu: number[] = []): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return out;
}

const bench: BenchModule = {
  title: 'unlocking the remembered credentials',
  async run() {
    const argon = await createVault(SECRETS, PASSPHRASE, HERE);
    const pbkdf2 = await createVault(SECRETS, PASSPHRASE, {
      kdf: { kdf: 'PBKDF2-SHA256', iterations: PBKDF2_ITERATIONS },
      ...HERE,
    });
    const unlockCpu: number[] = [];
    const oldCpu: number[] = [];
    const unlock = await times(() => unlockVault(argon.record, PASSPHRASE, HERE), unlockCpu);
    const old = await times(() => unlockVault(pbkdf2.record, PASSPHRASE, HERE), oldCpu);
    const convert = await times(async () => {
      const { secrets } = await unlockVault(pbkdf2.record, PASSPHRASE, HERE);
      await createVault(secrets, PASSPHRASE, HERE);
    });
    const params = `m=${ARGON2ID.memoryKiB} KiB, t=${ARGON2ID.iterations}, p=${ARGON2ID.parallelism}`;
    return [
      {
        name: `unlock, Argon2id ${params}, median of ${RUNS}`,
        value: median(unlock),
        unit: 'ms',
        target: '< 1000',
        pass: median(unlock) < 1000,
        note: `max ${Math.max(...unlock).toFixed(0)} ms`,
      },
      {
        name: 'unlock, Argon2id, CPU time (the cost on an idle core; the wall time above includes the load)',
        value: median(unlockCpu),
        unit: 'ms',
        target: '< 1000',
        pass: median(unlockCpu) < 1000,
      },
      {
        name: `unlock, PBKDF2-SHA256 ${PBKDF2_ITERATIONS} iterations (before), median`,
        value: median(old),
        unit: 'ms',
        note: `CPU ${median(oldCpu).toFixed(0)} ms`,
      },
      {
        name: 'first unlock of a PBKDF2 vault (opened, converted to Argon2id), median',
        value: median(convert),
        unit: 'ms',
      },
    ];
  },
};

export default bench;
