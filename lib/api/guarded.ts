// The clients that can change things. Each is constructed only with a permit of its scope; each
// call re-checks the permit, so a revoked or expired permit refuses at once and sends nothing.

import type { Client } from './client';
import { pollConfirm } from './confirm-poll';
import { coreOf, labelled } from './core';
import { newDealReference } from './deal-reference';
import { OPEN_AND_CONFIRM_LABEL } from './endpoints';
import { ApiError } from './errors';
import { applicationsMutations } from './groups/applications';
import {
  type DealPlan,
  planAmendPosition,
  planAmendWorkingOrder,
  planClosePosition,
  planCreatePosition,
  planCreateWorkingOrder,
  planDeleteWorkingOrder,
} from './groups/dealing-plans';
import { watchlistsMutations } from './groups/watchlist-edits';
import type { Guard, Permit, PermitScope } from './guard';
import { checkPermit, executePlan, type Gate, guarded, hooksFor, recordAmbiguity } from './mutation-gate';
import type {
  AmendPositionRequest,
  AmendWorkingOrderRequest,
  CallOptions,
  ClosePositionRequest,
  CreatePositionRequest,
  CreateWorkingOrderRequest,
} from './requests';
import type { Confirmation } from './schemas/dealing';

export type DealOutcome =
  | { status: 'accepted'; dealReference: string; dealId: string | null; confirmation: Confirmation }
  | { status: 'rejected'; dealReference: string; reason: string; confirmation: Confirmation };

export interface OpenAndConfirmOptions extends CallOptions {
  /** Confirmation reads before the outcome counts as unknown. Default from the client config (5). */
  confirmAttempts?: number;
  confirmDelayMs?: number;
  /**
   * Runs with the settled outcome before the lock is cleared, so a caller can store it durably: a
   * worker stopped at any point then leaves either the lock or the stored outcome, never neither.
   */
  beforeUnlock?: (outcome: DealOutcome) => Promise<void>;
}

function makeGate(client: Client, permit: Permit, guard: Guard, scope: PermitScope): Gate {
  const gate: Gate = { core: coreOf(client), guard, permit, scope };
  checkPermit(gate, `${scope} client`);
  return gate;
}

function dealing(gate: Gate, plan: () => DealPlan, opts: CallOptions = {}, keepLock = false) {
  let built: DealPlan | null = null;
  return guarded(
    gate,
    'dealing',
    () => {
      built = plan();
    },
    (beforeSend) => executePlan(gate, built as unknown as DealPlan, opts, beforeSend, keepLock),
  );
}

export function createDealingClient(client: Client, permit: Permit, guard: Guard) {
  const gate = makeGate(client, permit, guard, 'dealing');
  const { core } = gate;
  const positions = {
    create: labelled('positions.create', (req: CreatePositionRequest, opts?: CallOptions) =>
      dealing(gate, () => planCreatePosition(req), opts),
    ),
    amend: labelled('positions.amend', (dealId: string, req: AmendPositionRequest, opts?: CallOptions) =>
      dealing(gate, () => planAmendPosition(dealId, req), opts),
    ),
    close: labelled('positions.close', (req: ClosePositionRequest, opts?: CallOptions) =>
      dealing(gate, () => planClosePosition(req), opts),
    ),
    /** positions.open_and_confirm: create, then read the confirmation by its deal reference. */
    openAndConfirm: labelled(
      OPEN_AND_CONFIRM_LABEL,
      async (req: CreatePositionRequest, opts: OpenAndConfirmOptions = {}): Promise<DealOutcome> => {
        const withRef = { ...req, dealReference: req.dealReference ?? newDealReference(core.now()) };
        const plan = planCreatePosition(withRef);
        // The lock written before sending stays until the confirmation settles the outcome.
        await dealing(gate, () => plan, opts, true);
        const dealReference = plan.dealReference as string;
        let confirmation: Confirmation | null;
        try {
          confirmation = await pollConfirm(core, dealReference, {
            attempts: opts.confirmAttempts ?? core.confirm.attempts,
            delayMs: opts.confirmDelayMs ?? core.confirm.delayMs,
            signal: opts.signal,
          });
        } catch (error) {
          if (error instanceof ApiError) return recordAmbiguity(core, plan, error);
          throw error;
        }
        if (!confirmation) {
          return recordAmbiguity(
            core,
            plan,
            new ApiError('No confirmation', { errorCode: 'client.confirm-not-found' }),
          );
        }
        const outcome: DealOutcome =
          confirmation.dealStatus === 'ACCEPTED'
            ? { status: 'accepted', dealReference, dealId: confirmation.dealId ?? null, confirmation }
            : { status: 'rejected', dealReference, reason: confirmation.reason ?? 'UNKNOWN', confirmation };
        await opts.beforeUnlock?.(outcome);
        await core.lockStore.clear();
        return outcome;
      },
    ),
  };
  const workingOrders = {
    create: labelled('working_orders.create', (req: CreateWorkingOrderRequest, opts?: CallOptions) =>
      dealing(gate, () => planCreateWorkingOrder(req), opts),
    ),
    amend: labelled('working_orders.amend', (dealId: string, req: AmendWorkingOrderRequest, opts?: CallOptions) =>
      dealing(gate, () => planAmendWorkingOrder(dealId, req), opts),
    ),
    delete: labelled('working_orders.delete', (dealId: string, opts?: CallOptions) =>
      dealing(gate, () => planDeleteWorkingOrder(dealId), opts),
    ),
  };
  return { permit, positions, workingOrders };
}
export type DealingClient = ReturnType<typeof createDealingClient>;

export function createWatchlistEditor(client: Client, permit: Permit, guard: Guard) {
  const gate = makeGate(client, permit, guard, 'watchlists');
  return { permit, watchlists: watchlistsMutations(gate.core, hooksFor(gate)) };
}
export type WatchlistEditor = ReturnType<typeof createWatchlistEditor>;

export function createApplicationsAdmin(client: Client, permit: Permit, guard: Guard) {
  const gate = makeGate(client, permit, guard, 'applications');
  return { permit, applications: applicationsMutations(gate.core, hooksFor(gate)) };
}
export type ApplicationsAdmin = ReturnType<typeof createApplicationsAdmin>;
