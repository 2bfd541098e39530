// Points the background's connection settings at a simulated service, credentials remembered.
import { connection } from '../../lib/settings/registry';
import type { SimHandle } from '../../sim/server';

export async function configure(sim: SimHandle, sessionVersion: 2 | 3 = 2): Promise<void> {
  await connection.setValue({
    environment: 'custom',
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    remember: true,
    sessionVersion,
  });
}
