// A worker over the fake browser's storage for the vault tests, its vault deriving with light Argon2id
// parameters (only tests may), and asking it through the router as a page would.
import type { Reply } from '../../lib/messages/contract';
import { EXTENSION_ID, newStores, ORIGIN, PAGE } from '../background/sim-setup';
import { VAULT_OPTIONS } from '../helpers/vault-options';

export { VAULT_OPTIONS };

/** A worker (re)started over the same storage; the module is loaded afresh after vi.resetModules(). */
export async function vaultWorker() {
  const { createBackground } = await import('../../lib/background/create-background');
  return createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    vault: VAULT_OPTIONS,
  });
}

/** What version 2 (before the vault) stored for a user who ticked "remember": the secrets in plain text. */
export function version2Connection(service: { baseUrl: string; apiKey: string; identifier: string; password: string }) {
  return {
    connection: {
      environment: 'custom',
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      identifier: service.identifier,
      password: service.password,
      remember: true,
      sessionVersion: 2,
    },
    connection$: { v: 2 },
  };
}

export type VaultWorker = Awaited<ReturnType<typeof vaultWorker>>;

let seq = 0;
export async function ask<T = unknown>(bg: VaultWorker, type: string, data: unknown = {}): Promise<Reply<T>> {
  const reply = bg.route({ id: seq++, type, data, timestamp: Date.now() }, PAGE);
  if (!reply) throw new Error('no reply');
  return (await reply) as Reply<T>;
}

export function ok<T>(r: Reply<T>): T {
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.data;
}
