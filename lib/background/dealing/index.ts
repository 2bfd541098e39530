// The dealing part of the background: the permit, dealing, lock and applications messages, and what
// must run at worker start (reconcile an open lock; revoke permits when the account or environment
// changes). Merged into the handler table by the background.
import type { MessageName } from '../../messages/contract';
import type { BackgroundPlugin, HandlerContext, Handlers } from '../handlers/table';
import { lazyHandlers, lazyPart } from '../lazy-part';

/** The messages the dealing part answers (a test holds this to the part's own table). */
export const DEALING_MESSAGES = [
  'permit.get',
  'permit.grant',
  'permit.revoke',
  'deal.quoteOpen',
  'deal.open',
  'deal.durableMedium',
  'deal.quoteHistory',
  'deal.repeatWindow',
  'positions.list',
  'workingOrders.list',
  'positions.amend',
  'positions.quoteClose',
  'positions.close',
  'workingOrders.create',
  'workingOrders.amend',
  'workingOrders.delete',
  'lock.get',
  'lock.reconcile',
  'applications.list',
  'applications.update',
  'applications.disable',
] as const satisfies readonly MessageName[];

let loaded: Awaited<ReturnType<typeof loadPart>> | null = null;
const loadPart = lazyPart('dealing', () => import('./part'));
const loadDealing = async () => {
  loaded = await loadPart();
  return loaded;
};

const lazy = lazyHandlers(DEALING_MESSAGES, async () => (await loadDealing()).handlers);

/**
 * The handlers, each making sure the worker-start duties ran (idempotent; `startDealing` at worker
 * start is still the right place, since a lock must be reconciled even if no page asks).
 */
export const dealingHandlers: Partial<Handlers> = Object.fromEntries(
  Object.entries(lazy).map(([name, handler]) => [
    name,
    (request: unknown, ctx: HandlerContext) => {
      startDealing(ctx);
      return (handler as (r: unknown, c: HandlerContext) => Promise<unknown>)(request, ctx);
    },
  ]),
) as Partial<Handlers>;

/** The dealing part as a background plugin (lib/background/plugins.ts). */
export const dealingPlugin: BackgroundPlugin = { name: 'dealing', handlers: dealingHandlers };

interface Connectionish {
  environment: string;
  baseUrl: string | null;
  identifier: string | null;
}

/** Tokens name the account of the session (lib/api's SessionTokens.info.accountId); anything else is no account. */
function accountOfTokens(tokens: unknown): string | null {
  const info = (tokens as { info?: { accountId?: unknown } } | null)?.info;
  return typeof info?.accountId === 'string' ? info.accountId : null;
}

/**
 * Call once at worker start with the background's context. Reconciles a lock left open (the worker
 * may have stopped mid-deal) and revokes dealing and applications permits when the connection changes
 * or the session moves to another account. Returns a function that stops the watches.
 */
let started: { ctx: HandlerContext; stop: () => void } | null = null;

export function startDealing(ctx: HandlerContext): () => void {
  if (started?.ctx === ctx) return started.stop;
  started?.stop();
  const stop = start(ctx);
  started = {
    ctx,
    stop: () => {
      stop();
      if (started?.ctx === ctx) started = null;
    },
  };
  return started.stop;
}

function start(ctx: HandlerContext): () => void {
  void ctx.session.lockStore.get().then(async (lock) => {
    if (lock) (await loadDealing()).scheduleReconcile(ctx, 0);
  });
  const revoke = () =>
    void loadDealing()
      .then((part) => part.revokeAllPermits(ctx))
      .then((gone) => {
        if (gone.length > 0) void ctx.statusChanged();
      }, ctx.reportError);
  const unwatchConnection = ctx.registry.connection.watch((next: Connectionish, prev: Connectionish | null) => {
    if (
      !prev ||
      next.environment !== prev.environment ||
      next.baseUrl !== prev.baseUrl ||
      next.identifier !== prev.identifier
    )
      revoke();
  });
  const unwatchTokens = ctx.registry.sessionTokens.watch((next, prev) => {
    const before = accountOfTokens(prev);
    const after = accountOfTokens(next);
    if (before !== null && after !== null && before !== after) revoke();
  });
  return () => {
    unwatchConnection();
    unwatchTokens();
    loaded?.stopReconcileSchedule();
  };
}
