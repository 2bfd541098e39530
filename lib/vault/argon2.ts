// Argon2id through hash-wasm's WebAssembly, which computes a whole derivation in one synchronous call: in
// this thread, or in a worker (argon2-worker.ts) where a thread busy for that long would stall others.
import { argon2id } from 'hash-wasm';

/** One derivation's inputs: what hash-wasm's argon2id takes, less its output options. */
export interface Argon2Job {
  password: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  memoryKiB: number;
  parallelism: number;
  hashLength: number;
}

export type Argon2 = (job: Argon2Job) => Promise<Uint8Array<ArrayBuffer>>;

export const argon2InThread: Argon2 = async (job) =>
  new Uint8Array(
    await argon2id({
      password: job.password,
      salt: job.salt,
      iterations: job.iterations,
      memorySize: job.memoryKiB,
      parallelism: job.parallelism,
      hashLength: job.hashLength,
      outputType: 'binary',
    }),
  );
