// What every guarded mutation goes through, in order: the permit (synchronously, before anything
// else), the reconciliation lock, login, the permit again for the session's account right before
// the request leaves. A dealing mutation whose outcome is unknown records the lock and throws
// AmbiguousExecutionError.

import type { ClientCore } from './core';
import { endpointByLabel } from './endpoints';
import {
  AmbiguousExecutionError,
  ApiError,
  CancelledError,
  MALFORMED_RESPONSE,
  NetworkError,
  ReconciliationRequiredError,
} from './errors';
import type { DealPlan } from './groups/dealing-plans';
import type { Guard, Permit, PermitScope } from './guard';
import { check } from './parse';
import type { CallOptions } from './requests';
import { type DealReferenceResponse, DealReferenceResponseSchema } from './schemas/dealing';
import type { ReconciliationLock } from './stores';
import type { SendOptions } from './transport';
import { wasSent } from './transport';

export interface Gate {
  core: ClientCore;
  guard: Guard;
  permit: Permit;
  scope: PermitScope;
}

export function checkPermit(gate: Gate, label: string): void {
  gate.guard.check(gate.permit, {
    scope: gate.scope,
    environment: gate.core.environment,
    accountId: gate.core.session.accountId,
    label,
  });
}

export async function refuseWhileLocked(core: ClientCore, label: string): Promise<void> {
  const lock = await core.lockStore.get();
  if (lock) {
    throw new ReconciliationRequiredError(
      'An earlier deal has an unknown outcome; reconcile it before anything else is changed',
      lock.dealReference,
      label,
    );
  }
}

/**
 * The steps of a guarded mutation. A method calls `check` first (synchronous permit check), then
 * validates its input, then awaits `enter` (lock, login, permit for the session's account), and
 * passes the returned hook as `beforeSend` so the permit is checked once more as the request leaves.
 */
export interface MutationHooks {
  check(label: string): void;
  enter(label: string): Promise<() => void>;
}

export function hooksFor(gate: Gate): MutationHooks {
  return {
    check: (label) => checkPermit(gate, label),
    async enter(label) {
      await refuseWhileLocked(gate.core, label);
      await gate.core.session.ensure();
      checkPermit(gate, label);
      return () => checkPermit(gate, label);
    },
  };
}

/** Runs a guarded mutation: `validate` runs after the permit check and before anything is sent. */
export async function guarded<T>(
  gate: Gate,
  label: string,
  validate: () => void,
  run: (beforeSend: SendOptions['beforeSend']) => Promise<T>,
): Promise<T> {
  const hooks = hooksFor(gate);
  hooks.check(label);
  validate();
  return run(await hooks.enter(label));
}

/** Unknown outcome: the request may have reached the service and been executed. */
export function isAmbiguous(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.errorCode === MALFORMED_RESPONSE) return true;
  if (!wasSent(error)) return false;
  if (error instanceof NetworkError || error instanceof CancelledError) return true;
  return (error.status ?? 0) >= 500;
}

function lockOf(core: ClientCore, plan: DealPlan, inFlight: boolean): ReconciliationLock {
  return {
    label: plan.label,
    dealReference: plan.dealReference,
    dealId: plan.dealId,
    epic: plan.epic,
    direction: plan.direction,
    size: plan.size,
    levels: plan.levels,
    environment: core.environment,
    accountId: core.session.accountId,
    createdAt: core.now(),
    inFlight,
  };
}

export async function recordAmbiguity(core: ClientCore, plan: DealPlan, cause: ApiError): Promise<never> {
  await core.lockStore.set(lockOf(core, plan, false));
  core.logger.warn('ambiguous execution recorded', { label: plan.label, cause: cause.errorCode });
  throw new AmbiguousExecutionError(
    `The outcome of ${plan.label} is unknown (${cause.errorCode}); reconcile before dealing again`,
    {
      errorCode: 'client.ambiguous-execution',
      status: cause.status,
      requestId: cause.requestId,
      label: plan.label,
      dealReference: plan.dealReference,
      dealId: plan.dealId,
    },
  );
}

const inFlight = new WeakSet<ClientCore>();

/** True while this client has a dealing request on the wire (its lock is then no orphan). */
export function hasMutationInFlight(core: ClientCore): boolean {
  return inFlight.has(core);
}

/**
 * Sends a dealing plan; the reply's deal reference, or the one we generated. The lock is written
 * before the request leaves (a worker stopped mid-request leaves it behind for the next one to
 * reconcile) and cleared on a definite answer: the service's reply, or a refusal before execution.
 * `keepLock` leaves it in place after the reply, for a workflow that settles it by the confirmation.
 */
export async function executePlan(
  gate: Gate,
  plan: DealPlan,
  opts: CallOptions,
  beforeSend: SendOptions['beforeSend'],
  keepLock = false,
): Promise<DealReferenceResponse & { dealReference: string | null }> {
  const { core } = gate;
  if (inFlight.has(core)) {
    throw new ReconciliationRequiredError(
      'Another dealing request is still in progress',
      plan.dealReference,
      plan.label,
    );
  }
  inFlight.add(core);
  try {
    // Checked again here, with the in-flight mark held (the check in `enter` ran before the login).
    await refuseWhileLocked(core, plan.label);
    await core.lockStore.set(lockOf(core, plan, true));
    try {
      const reply = await core.transport.send(endpointByLabel(plan.label), {
        ...opts,
        params: plan.params,
        body: plan.body,
        retry: false,
        beforeSend,
      });
      const ctx = { label: plan.label, status: reply.status, requestId: reply.requestId };
      const body = check(DealReferenceResponseSchema, reply.body ?? {}, ctx);
      if (!keepLock) await core.lockStore.clear();
      return { ...body, dealReference: body.dealReference ?? plan.dealReference };
    } catch (error) {
      if (isAmbiguous(error)) return await recordAmbiguity(core, plan, error as ApiError);
      await core.lockStore.clear();
      throw error;
    }
  } finally {
    inFlight.delete(core);
  }
}
