// The permits as stored (expiring ones in storage.local, "until the browser closes" ones in
// storage.session) kept in step with the background's one guard: a permit is issued by the guard and
// then stored; revoking removes it from both at once, so a request already on its way is refused at
// its last check before it leaves.
import { i18n } from '#i18n';
import { PermitRequiredError, ValidationError } from '../../api/errors';
import { MAX_PERMIT_TTL_MS, type Permit } from '../../api/guard';
import type { PermitScope, PermitView } from '../../model';
import {
  activePermit,
  type GrantRequest,
  grantPermit,
  type PermitContext,
  prunePermits,
  withoutScope,
  withPermit,
} from '../../permit/lifecycle';
import type { HandlerContext } from '../handlers/table';
import { SignedOutError } from '../routing/errors';

type Registry = HandlerContext['registry'];

export async function storedPermits(registry: Registry): Promise<PermitView[]> {
  const [local, session] = await Promise.all([registry.permits.getValue(), registry.sessionPermits.getValue()]);
  return [...local, ...session];
}

async function writePermits(registry: Registry, list: PermitView[]): Promise<void> {
  await Promise.all([
    registry.permits.setValue(list.filter((p) => p.expiresAt !== null)),
    registry.sessionPermits.setValue(list.filter((p) => p.expiresAt === null)),
  ]);
}

/** Revokes in the guard and in storage, at once; returns what was revoked. */
export async function revokePermits(ctx: HandlerContext, keep: (p: PermitView) => boolean): Promise<PermitView[]> {
  const list = await storedPermits(ctx.registry);
  const gone = list.filter((p) => !keep(p));
  const goneIds = new Set(gone.map((p) => p.id));
  const keptIds = new Set(list.filter(keep).map((p) => p.id));
  // The guard may hold permits storage no longer has (a failed write): those go too, but not
  // permits of other parts of the background (the watchlists scope is theirs).
  const guard = ctx.guard();
  for (const p of guard.active())
    if (goneIds.has(p.id) || (p.scope !== 'watchlists' && !keptIds.has(p.id))) guard.revoke(p.id);
  if (gone.length > 0) await writePermits(ctx.registry, list.filter(keep));
  return gone;
}

/** Dealing and applications permits, for a change of environment or account. */
export function revokeAllPermits(ctx: HandlerContext): Promise<PermitView[]> {
  return revokePermits(ctx, (p) => p.scope === 'watchlists');
}

/** Permits that may be used now; expired permits and those of another account or environment are revoked. */
export async function livePermits(ctx: HandlerContext, context: PermitContext): Promise<PermitView[]> {
  if (context.accountId === null) return [];
  const now = ctx.now();
  const keep = new Set(prunePermits(await storedPermits(ctx.registry), context, now).map((p) => p.id));
  await revokePermits(ctx, (p) => keep.has(p.id));
  return (await storedPermits(ctx.registry)).filter((p) => keep.has(p.id));
}

export async function grant(ctx: HandlerContext, request: GrantRequest, context: PermitContext): Promise<PermitView> {
  const now = ctx.now();
  const guard = ctx.guard();
  const result = grantPermit(request, context, now, () => {
    const issued = guard.issue({
      scope: request.scope,
      environment: context.environment,
      accountId: context.accountId ?? '',
      ttlMs: request.durationMs ?? MAX_PERMIT_TTL_MS,
    });
    return issued.id;
  });
  if (!result.ok) {
    if (result.refusal === 'signed-out') throw new SignedOutError(result.message);
    throw new ValidationError(result.field ?? 'acknowledged', result.message);
  }
  const list = await storedPermits(ctx.registry);
  for (const p of list) if (p.scope === request.scope) guard.revoke(p.id);
  await writePermits(ctx.registry, withPermit(withoutScope(list, request.scope), result.permit));
  return result.permit;
}

/**
 * The guard's permit for a scope in this context, or a refusal that sends nothing. A stored permit the
 * guard does not hold (the worker restarted and its guard began empty) is restored: issued again with
 * the same scope, account and expiry, under a new id.
 */
export async function requirePermit(ctx: HandlerContext, scope: PermitScope, context: PermitContext): Promise<Permit> {
  const now = ctx.now();
  const view = activePermit(await livePermits(ctx, context), scope, context, now);
  if (!view) throw new PermitRequiredError('missing', i18n.t('bgError.noPermit'));
  const guard = ctx.guard();
  const held = guard.active().find((p) => p.id === view.id);
  if (held) return held;
  const restored = guard.issue({
    scope: view.scope,
    environment: view.environment,
    accountId: view.accountId,
    ttlMs: view.expiresAt === null ? MAX_PERMIT_TTL_MS : view.expiresAt - now,
  });
  const list = await storedPermits(ctx.registry);
  await writePermits(
    ctx.registry,
    list.map((p) => (p.id === view.id ? { ...p, id: restored.id } : p)),
  );
  return restored;
}
