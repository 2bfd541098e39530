// The permits as stored (expiring ones in storage.local, "until the browser closes" ones in
// storage.session) and the client's guard that enforces them. The guard is rebuilt from storage after
// a worker restart; a permit removed from storage is revoked in the guard at once, so a request
// already on its way is refused at its last check before it leaves.
import type { Environment } from '../../api/environment';
import { createGuard, type Guard, MAX_PERMIT_TTL_MS, type Permit } from '../../api/guard';
import { PermitRequiredError, ValidationError } from '../../api/errors';
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
import { SignedOutError } from '../errors';
import type { HandlerContext } from '../handlers';

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

let guard: Guard | null = null;

function toGuardPermit(view: PermitView, environment: Environment): Permit {
  return {
    id: view.id,
    scope: view.scope,
    environment,
    accountId: view.accountId,
    issuedAt: view.grantedAt,
    // "Until the browser closes" is bounded by the guard's longest permit.
    expiresAt: view.expiresAt ?? view.grantedAt + MAX_PERMIT_TTL_MS,
  };
}

/** The guard holding exactly the stored permits (rebuilt when storage has permits it does not know). */
export async function syncGuard(registry: Registry, environment: Environment, now: () => number): Promise<Guard> {
  const t = now();
  const stored = (await storedPermits(registry)).filter((p) => p.expiresAt === null || p.expiresAt > t);
  const ids = new Set(stored.map((p) => p.id));
  if (guard) {
    for (const p of guard.active()) if (!ids.has(p.id)) guard.revoke(p.id);
    const known = new Set(guard.active().map((p) => p.id));
    if (stored.every((p) => known.has(p.id))) return guard;
  }
  guard = createGuard({ permits: stored.map((p) => toGuardPermit(p, environment)), now });
  return guard;
}

/** Revokes in the guard and in storage, at once. */
export async function revokePermits(registry: Registry, keep: (p: PermitView) => boolean): Promise<PermitView[]> {
  const list = await storedPermits(registry);
  const gone = list.filter((p) => !keep(p));
  if (gone.length === 0) return [];
  for (const p of gone) guard?.revoke(p.id);
  await writePermits(
    registry,
    list.filter((p) => keep(p)),
  );
  return gone;
}

export async function revokeScope(registry: Registry, scope: PermitScope): Promise<void> {
  await revokePermits(registry, (p) => p.scope !== scope);
}

/** Permits that may be used now; expired permits and those of another account or environment are removed. */
export async function livePermits(registry: Registry, context: PermitContext, now: number): Promise<PermitView[]> {
  const list = await storedPermits(registry);
  const keep = prunePermits(list, context, now);
  if (context.accountId !== null && keep.length !== list.length) {
    const ids = new Set(keep.map((p) => p.id));
    await revokePermits(registry, (p) => ids.has(p.id));
  }
  return context.accountId === null ? [] : keep;
}

export async function grant(
  registry: Registry,
  request: GrantRequest,
  context: PermitContext,
  environment: Environment,
  now: () => number,
): Promise<PermitView> {
  const g = await syncGuard(registry, environment, now);
  const result = grantPermit(request, context, now(), () => {
    const issued = g.issue({
      scope: request.scope,
      environment,
      accountId: context.accountId ?? '',
      ttlMs: request.durationMs ?? MAX_PERMIT_TTL_MS,
    });
    return issued.id;
  });
  if (!result.ok) {
    if (result.refusal === 'signed-out') throw new SignedOutError(result.message);
    throw new ValidationError(result.field ?? 'acknowledged', result.message);
  }
  const list = await storedPermits(registry);
  const replaced = list.filter((p) => p.scope === request.scope);
  for (const p of replaced) g.revoke(p.id);
  await writePermits(registry, withPermit(withoutScope(list, request.scope), result.permit));
  return result.permit;
}

/** The guard's permit for a scope in this context, or a refusal that sends nothing. */
export async function requirePermit(
  registry: Registry,
  scope: PermitScope,
  context: PermitContext,
  environment: Environment,
  now: () => number,
): Promise<{ guard: Guard; permit: Permit }> {
  const t = now();
  const view = activePermit(await livePermits(registry, context, t), scope, context, t);
  if (!view) {
    throw new PermitRequiredError(
      'missing',
      scope === 'dealing'
        ? 'Dealing is off: grant a dealing permit in the settings first'
        : `Changing ${scope} needs its permit: grant it in the settings first`,
    );
  }
  const g = await syncGuard(registry, environment, now);
  const permit = g.active().find((p) => p.id === view.id);
  if (!permit) throw new PermitRequiredError('unknown', 'The permit is no longer in force');
  return { guard: g, permit };
}

/** For tests: forget the worker's guard, as a worker restart would. */
export function resetGuardForTests(): void {
  guard = null;
}
