// Settles an ambiguous dealing mutation. By deal reference first (GET /confirms, retried within the
// confirm window), then by the account state (positions, working orders). The lock is cleared only
// on a definite answer; otherwise the outcome is `unknown` and dealing stays blocked.

import type { Client } from './client';
import { pollConfirm } from './confirm-poll';
import { type ClientCore, coreOf, sendParsed } from './core';
import { hasMutationInFlight } from './mutation-gate';
import type { Confirmation, Position, WorkingOrder } from './schemas/dealing';
import { PositionsResponseSchema, WorkingOrdersResponseSchema } from './schemas/dealing';
import type { ReconciliationLock } from './stores';

export type ReconcileResult =
  | { outcome: 'none' }
  | {
      outcome: 'accepted';
      lock: ReconciliationLock;
      via: 'confirm' | 'positions' | 'working-orders';
      dealId: string | null;
      confirmation: Confirmation | null;
    }
  | { outcome: 'rejected'; lock: ReconciliationLock; reason: string; confirmation: Confirmation }
  /** Long after it was sent, neither a confirmation nor the account shows the mutation: it did not happen. */
  | { outcome: 'not-executed'; lock: ReconciliationLock }
  | { outcome: 'unknown'; lock: ReconciliationLock };

/**
 * After this long a mutation that neither a confirmation nor the account state shows counts as not
 * executed: the service confirms a deal it received within a second or two and keeps the confirmation
 * for about a minute, and mutations are never retried. A request still on the wire in this process is
 * never judged (see below), so this only settles locks whose sender is gone.
 */
export const NOT_EXECUTED_AFTER_MS = 10_000;

export interface ReconcileOptions {
  signal?: AbortSignal;
  /** Confirmation reads; default from the client config (5, 1 s apart). */
  attempts?: number;
  delayMs?: number;
}

async function accountState(core: ClientCore, signal?: AbortSignal) {
  const [positions, orders] = await Promise.all([
    sendParsed(core, 'positions.list', PositionsResponseSchema, { signal }),
    sendParsed(core, 'working_orders.list', WorkingOrdersResponseSchema, { signal }),
  ]);
  return { positions: positions.positions, orders: orders.workingOrders };
}

function sameLevel(actual: number | null | undefined, wanted: number | null | undefined): boolean {
  if (wanted === undefined) return true;
  if (wanted === null) return actual === null || actual === undefined;
  return typeof actual === 'number' && Math.abs(actual - wanted) < 1e-9;
}

/** Recognises the mutation in the account state; null when the state says nothing definite. */
function fromState(
  lock: ReconciliationLock,
  positions: Position[],
  orders: WorkingOrder[],
): { via: 'positions' | 'working-orders'; dealId: string | null } | null {
  const position = (pred: (p: Position) => boolean) => positions.find(pred);
  const order = (pred: (o: WorkingOrder) => boolean) => orders.find(pred);
  const ref = lock.dealReference;
  switch (lock.label) {
    case 'positions.create':
    case 'working_orders.create': {
      if (!ref) return null;
      const p = position((x) => x.position.dealReference === ref);
      if (p) return { via: 'positions', dealId: p.position.dealId };
      const o = order((x) => x.workingOrderData.dealReference === ref);
      if (o) return { via: 'working-orders', dealId: o.workingOrderData.dealId };
      return null;
    }
    case 'positions.close':
      // A full close removes the position; anything else is not definite (a partial close looks alike).
      if (lock.dealId && !position((x) => x.position.dealId === lock.dealId)) {
        return { via: 'positions', dealId: lock.dealId };
      }
      return null;
    case 'working_orders.delete':
      if (lock.dealId && !order((x) => x.workingOrderData.dealId === lock.dealId)) {
        return { via: 'working-orders', dealId: lock.dealId };
      }
      return null;
    case 'positions.amend': {
      const p = position((x) => x.position.dealId === lock.dealId);
      const levels = lock.levels ?? {};
      if (
        p &&
        sameLevel(p.position.limitLevel, levels.limitLevel) &&
        sameLevel(p.position.stopLevel, levels.stopLevel)
      ) {
        return { via: 'positions', dealId: p.position.dealId };
      }
      return null;
    }
    case 'working_orders.amend': {
      const o = order((x) => x.workingOrderData.dealId === lock.dealId);
      if (o && sameLevel(o.workingOrderData.orderLevel, lock.levels?.level)) {
        return { via: 'working-orders', dealId: o.workingOrderData.dealId };
      }
      return null;
    }
  }
}

export async function reconcile(client: Client, options: ReconcileOptions = {}): Promise<ReconcileResult> {
  const core = coreOf(client);
  const lock = await core.lockStore.get();
  if (!lock) return { outcome: 'none' };
  // Its request is still on the wire here: the sender itself settles it when the reply comes.
  if (lock.inFlight && hasMutationInFlight(core)) return { outcome: 'unknown', lock };
  if (lock.dealReference) {
    const confirmation = await pollConfirm(core, lock.dealReference, {
      attempts: options.attempts ?? core.confirm.attempts,
      delayMs: options.delayMs ?? core.confirm.delayMs,
      signal: options.signal,
    });
    if (confirmation) {
      await core.lockStore.clear();
      core.logger.info('reconciled by confirmation', { label: lock.label, dealStatus: confirmation.dealStatus });
      if (confirmation.dealStatus === 'ACCEPTED') {
        return { outcome: 'accepted', lock, via: 'confirm', dealId: confirmation.dealId ?? null, confirmation };
      }
      return { outcome: 'rejected', lock, reason: confirmation.reason ?? 'UNKNOWN', confirmation };
    }
  }
  const { positions, orders } = await accountState(core, options.signal);
  const found = fromState(lock, positions, orders);
  if (found) {
    await core.lockStore.clear();
    core.logger.info('reconciled by account state', { label: lock.label, via: found.via });
    return { outcome: 'accepted', lock, via: found.via, dealId: found.dealId, confirmation: null };
  }
  if (core.now() - lock.createdAt >= NOT_EXECUTED_AFTER_MS) {
    await core.lockStore.clear();
    core.logger.info('reconciled as not executed', { label: lock.label });
    return { outcome: 'not-executed', lock };
  }
  core.logger.warn('reconciliation found no definite answer', { label: lock.label });
  return { outcome: 'unknown', lock };
}
