// A working order carries the id its form made for that one submit, which is also its deal reference at IG.
// Firefox sends a message again when an event page's suspension cut off its reply, so a delivered order could
// arrive twice: the background places one order per id and answers a repeat with the first one's outcome.
import type { ErrorView } from '../../messages/contract';
import type { DealOutcome } from '../../model';
import { type SentOrder, sentOrders } from '../../settings/registry';

const KEEP_MS = 24 * 3600_000;
const KEEP = 50;

/** What the first delivery of an id was answered: its outcome, its error, or neither while it has no answer yet. */
export type Claim = { fresh: true } | { fresh: false; outcome: DealOutcome | null; failed: ErrorView | null };

let queue: Promise<unknown> = Promise.resolve();
/** One claim or record at a time, so two deliveries of one id cannot both find it new. */
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run);
  queue = next.catch(() => undefined);
  return next;
}

async function kept(now: number): Promise<SentOrder[]> {
  return (await sentOrders.getValue()).filter((o) => now - o.at < KEEP_MS);
}

/** Records the id as sent, before the order leaves; a known id is not sent again. */
export function claimOrder(id: string, now: number): Promise<Claim> {
  return inTurn(async () => {
    const list = await kept(now);
    const known = list.find((o) => o.id === id);
    if (known) return { fresh: false, outcome: known.outcome, failed: known.failed ?? null };
    await sentOrders.setValue([...list.slice(-(KEEP - 1)), { id, at: now, outcome: null }]);
    return { fresh: true };
  });
}

export function recordOutcome(id: string, outcome: DealOutcome): Promise<void> {
  return record(id, { outcome });
}

/** The first delivery ended in an error (IG refused the order, say): a repeat is answered with the same error. */
export function recordFailure(id: string, failed: ErrorView): Promise<void> {
  return record(id, { failed });
}

function record(id: string, answer: Partial<SentOrder>): Promise<void> {
  return inTurn(async () => {
    const list = await sentOrders.getValue();
    await sentOrders.setValue(list.map((o) => (o.id === id ? { ...o, ...answer } : o)));
  });
}
