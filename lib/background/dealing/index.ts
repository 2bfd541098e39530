// The dealing part of the background: the permit, dealing, lock and applications messages, and what
// must run at worker start (reconcile an open lock; revoke permits when the account or environment
// changes). Merged into the handler table by the background.
import type { HandlerContext, Handlers } from '../handlers';
import type { BackgroundPlugin } from '../plugins';
import { applicationHandlers } from './application-handlers';
import { dealHandlers } from './deal-handlers';
import { lockHandlers } from './lock-handlers';
import { permitHandlers } from './permit-handlers';
import { revokeAllPermits } from './permits';
import { positionHandlers } from './position-handlers';
import { scheduleReconcile, stopReconcileSchedule } from './reconciler';

const handlers: Partial<Handlers> = {
  ...permitHandlers,
  ...dealHandlers,
  ...positionHandlers,
  ...lockHandlers,
  ...applicationHandlers,
};

/**
 * The handlers, each making sure the worker-start duties ran (idempotent; `startDealing` at worker
 * start is still the right place, since a lock must be reconciled even if no page asks).
 */
export const dealingHandlers: Partial<Handlers> = Object.fromEntries(
  Object.entries(handlers).map(([name, handler]) => [
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
    if (lock) scheduleReconcile(ctx, 0);
  });
  const revoke = () =>
    void revokeAllPermits(ctx).then((gone) => {
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
    stopReconcileSchedule();
  };
}
