// Settles an unknown outcome: by deal reference, then by account state (lib/api's reconcile). Runs
// soon after the ambiguity, again with growing pauses while the worker lives, on worker start and
// whenever a page asks (lock.reconcile). The lock lives in storage.local, so none of this is lost
// when the panel closes or the worker stops.
import { i18n } from '#i18n';
import type { DealOutcome as ClientDealOutcome } from '../../api/guarded';
import { type ReconcileResult, reconcile } from '../../api/reconcile';
import type { ReconciliationLock } from '../../api/stores';
import { lastSettlement, type Settlement } from '../../dealing/settlement';
import { outcomeOf } from '../../dealing/views';
import type { Replies } from '../../messages/contract';
import type { DealOutcome, LockView } from '../../model';
import type { HandlerContext } from '../handlers/table';
import { lockView } from '../session/status';
import { checkForDuplicates } from './duplicates';

/** The lock as the pages see it, with the attempts made so far. */
export async function currentLockView(ctx: HandlerContext): Promise<LockView | null> {
  const lock = await ctx.session.lockStore.get();
  if (!lock) return null;
  const stored = await ctx.registry.reconciliationLock.getValue();
  return (
    lockView(stored) ?? {
      dealReference: lock.dealReference ?? lock.dealId ?? '',
      operation: lock.label,
      epic: lock.epic,
      createdAt: lock.createdAt,
      attempts: 0,
      lastError: null,
    }
  );
}

async function recordAttempt(ctx: HandlerContext, lastError: string): Promise<void> {
  const stored = await ctx.registry.reconciliationLock.getValue();
  if (stored) await ctx.registry.reconciliationLock.setValue({ ...stored, attempts: stored.attempts + 1, lastError });
}

function nameOf(label: ReconciliationLock['label']): string {
  switch (label) {
    case 'positions.create':
      return i18n.t('settle.deal');
    case 'positions.amend':
      return i18n.t('settle.amendPosition');
    case 'positions.close':
      return i18n.t('settle.closePosition');
    case 'working_orders.create':
      return i18n.t('settle.createOrder');
    case 'working_orders.amend':
      return i18n.t('settle.amendOrder');
    case 'working_orders.delete':
      return i18n.t('settle.deleteOrder');
  }
}

function subject(label: ReconciliationLock['label'], epic: string | null | undefined): string {
  const what = nameOf(label);
  return epic ? i18n.t('settle.onEpic', { what, epic }) : what;
}

export function settlementOf(
  result: Exclude<ReconcileResult, { outcome: 'none' | 'unknown' }>,
  now: number,
): Settlement {
  const { lock } = result;
  const what = subject(lock.label, lock.epic);
  const ref = lock.dealReference ?? '';
  let outcome: DealOutcome | null;
  let summary: string;
  if (result.outcome === 'rejected') {
    outcome = outcomeOf(result.confirmation, ref);
    // The banner shows the outcome, and with it the reason in words, after this sentence.
    summary = i18n.t('settle.notExecuted', { what });
  } else if (result.outcome === 'not-executed') {
    outcome = { status: 'rejected', dealReference: ref, reason: 'NOT_EXECUTED' };
    summary = i18n.t('settle.notFound', { what });
  } else {
    outcome = result.confirmation
      ? outcomeOf(result.confirmation, ref)
      : { status: 'accepted', dealReference: ref, dealId: result.dealId ?? '', level: null, size: lock.size };
    summary =
      result.via === 'confirm'
        ? i18n.t('settle.confirmed', { what })
        : result.via === 'positions'
          ? i18n.t('settle.inPositions', { what })
          : i18n.t('settle.inOrders', { what });
  }
  return {
    dealReference: lock.dealReference,
    operation: lock.label,
    epic: lock.epic,
    outcome,
    summary,
    settledAt: now,
  };
}

/** A new deal's outcome as the deal itself confirmed it, kept for a page whose reply may be lost. */
export function directSettlement(result: ClientDealOutcome, epic: string, now: number): Settlement {
  const what = subject('positions.create', epic);
  return {
    dealReference: result.dealReference,
    operation: 'positions.create',
    epic,
    outcome: outcomeOf(result.confirmation, result.dealReference),
    summary:
      result.status === 'accepted' ? i18n.t('settle.wentThrough', { what }) : i18n.t('settle.notExecuted', { what }),
    settledAt: now,
    direct: true,
  };
}

/** Confirmation reads per attempt. */
export const RECONCILE_POLL = { attempts: 3, delayMs: 1000 };

let running: Promise<Replies['lock.reconcile']> | null = null;

/** One reconciliation attempt (shared by concurrent callers). Needs no permit: it only reads. */
export function reconcileNow(ctx: HandlerContext): Promise<Replies['lock.reconcile']> {
  running ??= attempt(ctx).finally(() => {
    running = null;
  });
  return running;
}

async function attempt(ctx: HandlerContext): Promise<Replies['lock.reconcile']> {
  const lock = await ctx.session.lockStore.get();
  if (!lock) return { settled: true, outcome: null, lock: null };
  let result: ReconcileResult;
  try {
    result = await reconcile(await ctx.getClient(), { ...RECONCILE_POLL });
  } catch (error) {
    await recordAttempt(ctx, error instanceof Error ? error.message : i18n.t('settle.checkFailed'));
    await ctx.statusChanged();
    return { settled: false, outcome: null, lock: await currentLockView(ctx) };
  }
  if (result.outcome === 'none') return { settled: true, outcome: null, lock: null };
  if (result.outcome === 'unknown') {
    await recordAttempt(ctx, 'IG has no definite answer yet');
    await ctx.statusChanged();
    return { settled: false, outcome: null, lock: await currentLockView(ctx) };
  }
  const settlement = settlementOf(result, ctx.now());
  await lastSettlement.setValue(settlement);
  if (result.outcome === 'accepted' && result.lock.label === 'positions.create' && result.lock.dealReference)
    await checkForDuplicates(ctx, await ctx.getClient(), result.lock.dealReference, result.lock.epic);
  await ctx.statusChanged();
  return { settled: true, outcome: settlement.outcome, lock: null };
}

const DELAYS_MS = [1500, 5000, 15_000, 30_000, 60_000, 120_000, 300_000];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Keeps trying while the worker lives, with growing pauses, until the lock is settled. */
export function scheduleReconcile(ctx: HandlerContext, step = 0): void {
  clearTimeout(timer);
  const delay = DELAYS_MS[Math.min(step, DELAYS_MS.length - 1)]!;
  timer = setTimeout(() => {
    void reconcileNow(ctx).then(
      (r) => {
        if (!r.settled) scheduleReconcile(ctx, step + 1);
      },
      () => scheduleReconcile(ctx, step + 1),
    );
  }, delay);
}

export function stopReconcileSchedule(): void {
  clearTimeout(timer);
  timer = undefined;
}
