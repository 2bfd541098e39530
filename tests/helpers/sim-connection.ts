// Points the background's connection settings at a simulated service, credentials for this session.
import { connection, sessionSecrets } from '../../lib/settings/registry';
import type { SimHandle } from '../../sim/server';

export async function configure(sim: SimHandle, sessionVersion: 2 | 3 = 2): Promise<void> {
  await connection.setValue({
    environment: 'custom',
    baseUrl: sim.baseUrl,
    apiKey: null,
    identifier: sim.identifier,
    password: null,
    remember: false,
    sessionVersion,
  });
  await sessionSecrets.setValue({ apiKey: sim.apiKey, password: sim.password });
}
