import { type ItemUpdate, LightstreamerClient, Subscription } from 'lightstreamer-client-node';
import { afterEach } from 'vitest';
import type { SimHandle, SimOptions } from '../../sim/server';
import { startTestSim, type TestClient } from './helpers';

/** Polls `check` until it returns a value (not undefined/false); fails with `what` after `ms`. */
export async function until<T>(what: string, check: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface Recorded {
  statuses: string[];
  serverErrors: { code: number; message: string }[];
}

/** A logged-in REST client and the official Lightstreamer client (8.0.5) connected to the simulator's stream. */
export interface StreamFixture {
  sim: SimHandle;
  rest: TestClient;
  accountId: string;
  ls: LightstreamerClient;
  seen: Recorded;
}

export interface Sub {
  sub: Subscription;
  updates: { item: string; values: Record<string, string | null>; changed: string[]; snapshot: boolean }[];
  events: string[];
  errors: { code: number; message: string }[];
}

/** Subscribes and records every update (with the fields the client reports as changed). */
export function subscribe(
  ls: LightstreamerClient,
  mode: 'MERGE' | 'DISTINCT',
  items: string[],
  fields: string[],
  opts: { adapter?: string; snapshot?: boolean } = {},
): Sub {
  const sub = new Subscription(mode, items, fields);
  if (opts.adapter) sub.setDataAdapter(opts.adapter);
  sub.setRequestedSnapshot(opts.snapshot === false ? 'no' : 'yes');
  const rec: Sub = { sub, updates: [], events: [], errors: [] };
  sub.addListener({
    onSubscription: () => rec.events.push('subscribed'),
    onUnsubscription: () => rec.events.push('unsubscribed'),
    onEndOfSnapshot: () => rec.events.push('eos'),
    onSubscriptionError: (code: number, message: string) => rec.errors.push({ code, message }),
    onItemUpdate: (u: ItemUpdate) => {
      const values: Record<string, string | null> = {};
      const changed: string[] = [];
      for (const f of fields) values[f] = u.getValue(f);
      u.forEachChangedField((name: string) => changed.push(name));
      rec.updates.push({ item: u.getItemName(), values, changed, snapshot: u.isSnapshot() });
    },
  });
  ls.subscribe(sub);
  return rec;
}

export function connect(accountId: string, password: string, endpoint: string): LightstreamerClient {
  const ls = new LightstreamerClient(endpoint);
  ls.connectionDetails.setUser(accountId);
  ls.connectionDetails.setPassword(password);
  return ls;
}

/** Starts a simulator per test, logs in over REST and (unless told not to) connects the official client. */
export function streamPerTest(): (
  opts?: SimOptions & { password?: string; noConnect?: boolean },
) => Promise<StreamFixture> {
  const open: { sim: SimHandle; ls: LightstreamerClient }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      o.ls.disconnect();
      await o.sim.close();
    }
  });
  return async (opts = {}) => {
    const { sim, client: rest } = await startTestSim(opts);
    const login = await rest.get('/session');
    const body = login.body as { accountId: string; lightstreamerEndpoint: string };
    const password = opts.password ?? `CST-${rest.headers.CST}|XST-${rest.headers['X-SECURITY-TOKEN']}`;
    const ls = connect(body.accountId, password, body.lightstreamerEndpoint);
    const seen: Recorded = { statuses: [], serverErrors: [] };
    ls.addListener({
      onStatusChange: (s: string) => seen.statuses.push(s),
      onServerError: (code: number, message: string) => seen.serverErrors.push({ code, message }),
    });
    open.push({ sim, ls });
    if (!opts.noConnect) ls.connect();
    return { sim, rest, accountId: body.accountId, ls, seen };
  };
}
