// What the stream sent, as the live-prices bench compares it with what the side panel painted: the
// simulator's own record of updates written to the extension's sessions, and an official Node client on
// the same server as a same-run baseline.
import { createRequire } from 'node:module';
import type { SimHandle } from '../sim/server';
import { TestClient } from '../tests/sim/helpers';
import type { Painted, Sent } from './paint-match';

// The node client is CommonJS without ESM named exports under tsx.
const { LightstreamerClient, Subscription } = createRequire(import.meta.url)(
  'lightstreamer-client-node',
) as typeof import('lightstreamer-client-node');

/** When an official client on the same server receives each price change of these epics, and the prices. */
export async function observeSends(sim: SimHandle, accountId: string, epics: string[]) {
  const rest = new TestClient(sim);
  await rest.loginV2();
  const ls = new LightstreamerClient(new URL(sim.baseUrl).origin);
  ls.connectionDetails.setUser(accountId);
  ls.connectionDetails.setPassword(`CST-${rest.headers.CST}|XST-${rest.headers['X-SECURITY-TOKEN']}`);
  const sends: Painted[] = [];
  const sub = new Subscription(
    'MERGE',
    epics.map((e) => `PRICE:${accountId}:${e}`),
    ['BIDPRICE1', 'ASKPRICE1'],
  );
  sub.setDataAdapter('Pricing');
  sub.setRequestedSnapshot('no');
  sub.addListener({
    onItemUpdate: (u: { getItemName(): string; isValueChanged(f: string): boolean; getValue(f: string): string }) => {
      if (u.isValueChanged('BIDPRICE1') || u.isValueChanged('ASKPRICE1'))
        sends.push({
          at: Date.now(),
          epic: u.getItemName().split(':')[2] as string,
          bid: u.getValue('BIDPRICE1') ?? '',
          offer: u.getValue('ASKPRICE1') ?? '',
        });
    },
  });
  ls.subscribe(sub);
  ls.connect();
  return { sends, close: () => ls.disconnect() };
}

/** The old measure: each change seen by the Node client to the next change of its row before the next one. */
export function nextChangeLatencies(sends: Painted[], paints: Painted[]): number[] {
  const out: number[] = [];
  const byEpic = new Map<string, number[]>();
  for (const p of paints) byEpic.set(p.epic, [...(byEpic.get(p.epic) ?? []), p.at]);
  const sendsByEpic = new Map<string, number[]>();
  for (const p of sends) sendsByEpic.set(p.epic, [...(sendsByEpic.get(p.epic) ?? []), p.at]);
  for (const [epic, times] of sendsByEpic) {
    const painted = byEpic.get(epic);
    if (!painted) continue;
    times.forEach((t, i) => {
      const next = times[i + 1] ?? Number.POSITIVE_INFINITY;
      const paint = painted.find((p) => p >= t && p < next);
      if (paint !== undefined) out.push(paint - t);
    });
  }
  return out;
}

const epicOfItem = (item: string) => item.split(':')[2] ?? '';

/** The simulator's record of price updates written to these sessions, as sends. */
export function simSends(sim: SimHandle, sessions: Set<string>, epics: Set<string>): Sent[] {
  return sim.control.stream
    .sends()
    .filter((u) => sessions.has(u.session) && u.item.startsWith('PRICE:') && epics.has(epicOfItem(u.item)))
    .filter((u) => 'BIDPRICE1' in u.changed || 'ASKPRICE1' in u.changed)
    .map((u) => ({ at: u.at, epic: epicOfItem(u.item), bid: u.changed.BIDPRICE1, offer: u.changed.ASKPRICE1 }));
}

export const boundSessions = (sim: SimHandle) =>
  sim.control
    .state()
    .streaming.sessions.filter((s) => s.bound)
    .map((s) => s.id);

/** PRICE items the extension's sessions subscribe now. */
export const pricesStreamed = (sim: SimHandle) =>
  sim.control
    .state()
    .streaming.sessions.flatMap((s) => s.subscriptions.flatMap((sub) => sub.items))
    .filter((i) => i.startsWith('PRICE:')).length;
