// A background signed in to the simulated service, driven through its router the way a page would.
import { type Background, createBackground } from '../../lib/background/create-background';
import type { Reply } from '../../lib/messages/contract';
import { configure, EXTENSION_ID, fakeBrowser, newStores, ORIGIN, PAGE, type SimHandle } from '../background/sim-setup';
import { VAULT_OPTIONS } from '../helpers/vault-options';

export interface Driven {
  bg: Background;
  ask(type: string, data: unknown, sender?: Parameters<Background['route']>[1]): Promise<Reply<unknown>>;
  /** The paths the service received while `run` ran. */
  sentDuring(run: () => Promise<unknown>): Promise<string[]>;
}

let seq = 0;

export async function signedInBackground(sim: SimHandle): Promise<Driven> {
  fakeBrowser.reset();
  await configure(sim);
  const bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    vault: VAULT_OPTIONS,
  });
  const ask: Driven['ask'] = (type, data, sender = PAGE) => {
    const reply = bg.route({ id: seq++, type, data, timestamp: Date.now() }, sender);
    if (!reply) throw new Error(`no reply to ${type}`);
    return reply;
  };
  const checked = await ask('connection.check', {});
  if (!checked.ok) throw new Error(`not signed in: ${checked.error.message}`);
  return {
    bg,
    ask,
    async sentDuring(run) {
      const before = sim.control.requestCount();
      await run();
      return sim.control.requestLog(before).map((e) => `${e.method} ${e.path}`);
    },
  };
}
