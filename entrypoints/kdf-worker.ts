// Firefox: the vault's key derivation, in a worker the event page starts for each one (lib/vault/argon2-worker.ts).
import { argon2InThread } from '../lib/vault/argon2';
import { serveArgon2, type WorkerScope } from '../lib/vault/argon2-worker';

export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    serveArgon2(globalThis as unknown as WorkerScope, argon2InThread);
  },
});
