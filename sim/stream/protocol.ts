import type { World } from '../world';
import { checkAdd } from './items';
import { StreamSession, type Subscription } from './session';
import { currentFields } from './values';

/** IG's server (Lightstreamer 7.3) speaks TLCP up to 2.4.0 and refuses 2.5.0, the protocol of every 9.x client. */
export function protocolError(protocol: string | undefined): string | undefined {
  const m = /^TLCP-(\d+)\.(\d+)\.(\d+)/.exec(protocol ?? 'TLCP-2.1.0');
  if (!m) return `CONERR,65,Unsupported protocol version: ${protocol}`;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major === 2 && minor <= 4) return undefined;
  return `CONERR,65,Unsupported protocol version: ${m[1]}.${m[2]}.${m[3]}`;
}

export const MAX_SUBSCRIPTIONS = 40;
const MIN_KEEPALIVE_MS = 1000;

export interface OpenEnv {
  world: World;
  maintenance: boolean;
  keepaliveMs: number;
  newSessionId(): string;
}

/** `create_session`: the password must be `CST-<cst>|XST-<xst>` of a live REST session of the user's account. */
export function openSession(env: OpenEnv, p: Map<string, string>): StreamSession | string {
  if (env.maintenance) return 'CONERR,10,New sessions temporarily blocked';
  const refused = 'CONERR,1,User/password check failed';
  const m = /^CST-([^|]+)\|XST-(.+)$/.exec(p.get('LS_password') ?? '');
  if (!m?.[1] || !m[2]) return refused;
  const now = env.world.now();
  const cst = env.world.tokens.check(m[1], 'cst', now);
  const xst = env.world.tokens.check(m[2], 'xst', now);
  if (!cst.ok || !xst.ok || cst.session !== xst.session) return refused;
  const user = p.get('LS_user') || cst.session.currentAccountId;
  if (!env.world.account(user)) return refused;
  return new StreamSession(env.newSessionId(), user, m[1], m[2], keepalive(p, env.keepaliveMs));
}

export function keepalive(p: Map<string, string>, fallback: number): number {
  const asked = Number(p.get('LS_keepalive_millis'));
  return Number.isFinite(asked) && asked > 0 ? Math.max(MIN_KEEPALIVE_MS, asked) : fallback;
}

export function conok(s: StreamSession, clientIp: string): string[] {
  return [
    `CONOK,${s.id},50000,${s.keepaliveMs},*`,
    'SERVNAME,Lightstreamer HTTP Server',
    `CLIENTIP,${clientIp}`,
    'CONS,unlimited',
  ];
}

/**
 * Whether the REST session the stream connected with still exists. A logout or maintenance ends the streaming
 * session; the tokens' expiry does not (IG: streams outlive their tokens while connected).
 */
export function sessionAlive(world: World, s: StreamSession): boolean {
  return world.tokens.alive(s.cst, 'cst') && world.tokens.alive(s.xst, 'xst');
}

/** The outcome of one control request: `reply` answers the request, `stream` goes on the session's stream. */
export interface ControlResult {
  reply: string[];
  stream: string[];
  destroy?: boolean;
}

function add(world: World, s: StreamSession, p: Map<string, string>, reqId: string, ack: string[]): ControlResult {
  const subId = Number(p.get('LS_subId'));
  if (!Number.isInteger(subId) || subId < 0)
    return { reply: [`REQERR,${reqId},19,Invalid subscription id`], stream: [] };
  if (s.subscriptions.size >= MAX_SUBSCRIPTIONS && !s.subscriptions.has(subId))
    return { reply: [`REQERR,${reqId},-40,At most ${MAX_SUBSCRIPTIONS} subscriptions per session`], stream: [] };
  const check = checkAdd(
    {
      mode: p.get('LS_mode') ?? '',
      group: p.get('LS_group') ?? '',
      schema: p.get('LS_schema') ?? '',
      dataAdapter: p.get('LS_data_adapter') || undefined,
    },
    { accountId: s.accountId, knownEpic: (epic) => world.market(epic) !== undefined },
  );
  if (!check.ok) return { reply: [`REQERR,${reqId},${check.code},${check.message}`], stream: [] };
  const sub: Subscription = {
    subId,
    mode: check.mode,
    items: check.items,
    fields: check.fields,
    last: check.items.map(() => undefined),
  };
  s.subscriptions.set(subId, sub);
  const stream = [`SUBOK,${subId},${sub.items.length},${sub.fields.length}`];
  const snapshot = (p.get('LS_snapshot') ?? 'false') !== 'false';
  if (snapshot) {
    const now = world.now();
    sub.items.forEach((item, i) => {
      if (item.kind === 'trade') return;
      const line = s.update(sub, i, currentFields(world, item, now));
      if (line) stream.push(line);
    });
    if (sub.mode === 'DISTINCT') for (let i = 1; i <= sub.items.length; i++) stream.push(`EOS,${subId},${i}`);
  }
  return { reply: ack, stream };
}

/** One `control` request: add, delete or destroy (others are acknowledged and ignored). */
export function control(world: World, s: StreamSession, p: Map<string, string>): ControlResult {
  const reqId = p.get('LS_reqId') ?? '';
  const ack = p.get('LS_ack') === 'false' ? [] : [`REQOK,${reqId}`];
  switch (p.get('LS_op')) {
    case 'add':
      return add(world, s, p, reqId, ack);
    case 'delete': {
      const subId = Number(p.get('LS_subId'));
      if (!s.subscriptions.delete(subId))
        return { reply: [`REQERR,${reqId},19,Specified subscription not found`], stream: [] };
      return { reply: ack, stream: [`UNSUB,${subId}`] };
    }
    case 'destroy':
      return { reply: [`REQOK,${reqId}`], stream: [], destroy: true };
    default:
      return { reply: ack, stream: [] };
  }
}
