// The way into every dealing and applications change: the permit first (refused before anything is
// sent, not even a login, when none is stored), then the reconciliation lock, then the guarded client
// built with the permit.
import { i18n } from '#i18n';
import type { Client } from '../../api/client';
import { PermitRequiredError, ReconciliationRequiredError } from '../../api/errors';
import type { Permit } from '../../api/guard';
import {
  type ApplicationsAdmin,
  createApplicationsAdmin,
  createDealingClient,
  type DealingClient,
} from '../../api/guarded';
import type { PermitScope } from '../../model';
import type { PermitContext } from '../../permit/lifecycle';
import type { HandlerContext } from '../handlers/table';
import { permitContext } from './context';
import { requirePermit, storedPermits } from './permits';

export function permitMissing(scope: PermitScope): PermitRequiredError {
  return new PermitRequiredError(
    'missing',
    scope === 'dealing'
      ? i18n.t('bgError.dealingOff')
      : scope === 'watchlists'
        ? i18n.t('bgError.watchlistsPermit')
        : i18n.t('bgError.applicationsPermit'),
  );
}

async function anyStoredPermit(ctx: HandlerContext, scope: PermitScope): Promise<void> {
  const now = ctx.now();
  const stored = await storedPermits(ctx.registry);
  if (!stored.some((p) => p.scope === scope && (p.expiresAt === null || p.expiresAt > now))) throw permitMissing(scope);
}

export async function refuseWhileLocked(ctx: HandlerContext): Promise<void> {
  const lock = await ctx.session.lockStore.get();
  if (lock) throw new ReconciliationRequiredError(i18n.t('bgError.blockedUntilReconciled'), lock.dealReference);
}

interface Permitted {
  client: Client;
  permit: Permit;
  context: PermitContext;
}

async function permitted(ctx: HandlerContext, scope: PermitScope): Promise<Permitted> {
  await anyStoredPermit(ctx, scope);
  const context = await permitContext(ctx, { login: true });
  const permit = await requirePermit(ctx, scope, context);
  return { client: await ctx.getClient(), permit, context };
}

export interface DealingAccess extends Permitted {
  dealing: DealingClient;
}

/** For every dealing message: the permit, then (for anything that could lead to a deal) the lock. */
export async function dealingAccess(ctx: HandlerContext, options: { lockFree: boolean }): Promise<DealingAccess> {
  const p = await permitted(ctx, 'dealing');
  if (options.lockFree) await refuseWhileLocked(ctx);
  return { ...p, dealing: createDealingClient(p.client, p.permit, ctx.guard()) };
}

export async function applicationsAccess(ctx: HandlerContext): Promise<Permitted & { admin: ApplicationsAdmin }> {
  const p = await permitted(ctx, 'applications');
  return { ...p, admin: createApplicationsAdmin(p.client, p.permit, ctx.guard()) };
}
