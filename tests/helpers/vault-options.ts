// The vault's key derivation for tests: Argon2id with 64 KiB and one pass, the same code as production's
// 64 MiB (only tests may). A background under test that saves a PIN without it derives at production cost,
// about a second of CPU for each save or unlock, which no test measures.
import { argon2InThread } from '../../lib/vault/argon2';
import type { VaultOptions } from '../../lib/vault/crypto';

export const VAULT_OPTIONS: VaultOptions = {
  kdf: { kdf: 'Argon2id', iterations: 1, memoryKiB: 64, parallelism: 1 },
  argon2: argon2InThread,
};
