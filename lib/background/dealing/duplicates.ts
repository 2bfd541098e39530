// One deal, opened twice. A browser may send a request again by itself when a kept-alive connection
// breaks before the reply (Chromium resends a POST on a reused connection that closed with no
// response), so a create whose reply was lost can reach the service twice. After every create that
// went through, the account is checked for positions carrying its deal reference; more than one is
// reported to the user rather than hidden.
import { i18n } from '#i18n';
import type { Client } from '../../api/client';
import { lastSettlement, type Settlement } from '../../dealing/settlement';
import type { HandlerContext } from '../handlers/table';

export async function positionsWithReference(client: Client, dealReference: string): Promise<string[]> {
  const { positions } = await client.positions.list();
  return positions.filter((p) => p.position.dealReference === dealReference).map((p) => p.position.dealId);
}

export function duplicateWarning(
  dealReference: string,
  epic: string | null,
  dealIds: string[],
  now: number,
): Settlement {
  return {
    dealReference,
    operation: 'positions.create',
    epic,
    outcome: null,
    summary: i18n.t(epic ? 'settle.duplicatesOn' : 'settle.duplicates', {
      count: String(dealIds.length),
      ids: dealIds.join(', '),
      epic: epic ?? '',
      reference: dealReference,
    }),
    settledAt: now,
    warning: true,
  };
}

/** Looks for duplicates of a create that went through; records a warning when there are any. */
export async function checkForDuplicates(
  ctx: HandlerContext,
  client: Client,
  dealReference: string,
  epic: string | null,
): Promise<boolean> {
  try {
    const ids = await positionsWithReference(client, dealReference);
    if (ids.length <= 1) return false;
    await lastSettlement.setValue(duplicateWarning(dealReference, epic, ids, ctx.now()));
    await ctx.statusChanged();
    return true;
  } catch {
    // The check is a safeguard; a failed read leaves the deal's own outcome as it is.
    return false;
  }
}
