// After a dealing mutation the service answers with a deal reference only; the outcome is in its
// confirmation. Unknown outcomes (ambiguous sends, or no confirmation within the confirm window)
// lock dealing and start reconciliation.
import { i18n } from '#i18n';
import type { Client } from '../../api/client';
import { AmbiguousExecutionError, ApiError, NetworkError } from '../../api/errors';
import type { Confirmation } from '../../api/schemas/dealing';
import type { ReconciliationLock } from '../../api/stores';
import { outcomeOf } from '../../dealing/views';
import type { DealOutcome } from '../../model';
import type { HandlerContext } from '../handlers/table';
import { scheduleReconcile } from './reconciler';

/** What a reconciliation lock records of the mutation it stands for. */
export type MutationFacts = Pick<
  ReconciliationLock,
  'label' | 'dealId' | 'epic' | 'direction' | 'size' | 'levels' | 'environment' | 'accountId'
>;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const CONFIRM_POLL = { attempts: 5, delayMs: 1000 };

async function readConfirm(client: Client, dealReference: string): Promise<Confirmation | null> {
  for (let i = 1; i <= CONFIRM_POLL.attempts; i++) {
    try {
      return await client.confirmations.get(dealReference);
    } catch (error) {
      const notYet =
        error instanceof NetworkError ||
        (error instanceof ApiError && (error.status === 404 || error.status === 405 || (error.status ?? 0) >= 500));
      if (!notYet) throw error;
    }
    if (i < CONFIRM_POLL.attempts) await pause(CONFIRM_POLL.delayMs);
  }
  return null;
}

/** Runs the mutation and reads its confirmation; an unknown outcome locks dealing and is reconciled. */
export async function mutateAndConfirm(
  ctx: HandlerContext,
  client: Client,
  facts: MutationFacts,
  mutate: () => Promise<{ dealReference: string | null }>,
): Promise<DealOutcome> {
  let dealReference: string | null = null;
  try {
    dealReference = (await mutate()).dealReference;
    if (!dealReference)
      throw new ApiError(i18n.t('bgError.noDealReference'), { errorCode: 'client.no-deal-reference' });
    const confirmation = await readConfirm(client, dealReference);
    if (confirmation) return outcomeOf(confirmation, dealReference);
    await ctx.session.lockStore.set({ ...facts, dealReference, createdAt: ctx.now() });
    return unknown(ctx, dealReference);
  } catch (error) {
    if (error instanceof AmbiguousExecutionError) return unknown(ctx, error.dealReference ?? dealReference ?? '');
    throw error;
  } finally {
    await ctx.statusChanged();
  }
}

export function unknown(ctx: HandlerContext, dealReference: string): DealOutcome {
  scheduleReconcile(ctx);
  return { status: 'unknown', dealReference };
}
