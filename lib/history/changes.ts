// When the cached history of an account stops being the truth. Each account has a change stamp in the
// account-history store (`changed|{accountId}`: when something that changes its history last happened):
// a deal, amendment, close or working-order change made through the extension (once confirmed or
// rejected), a TRADE update (OPU, WOU, CONFIRMS: also deals made on IG's own platform), or a balance that
// moves in the ACCOUNT item (a deposit, withdrawal or fee). A cached page fetched after the stamp, while
// the stream has been live on the account since before the fetch, is exact: reopening costs no request.
// When the stream is not live (or went down since the fetch), changes may have been missed, so a
// time-based freshness applies as a fallback.
import { FRESH_FOR_MS } from '../cache/freshness';

export { historyChangedKey } from './keys';

/** Whether a history entry fetched at `fetchedAt` (the time its request started) can be served as it is. */
export function historyFresh(
  fetchedAt: number,
  changedAt: number | undefined,
  liveSince: number | null,
  now: number,
): boolean {
  if (changedAt !== undefined && fetchedAt <= changedAt) return false;
  if (liveSince !== null && fetchedAt >= liveSince) return true;
  return now - fetchedAt < FRESH_FOR_MS['account-history'];
}

/** The messages whose outcome (after IG's confirmation) changes the account's history. */
export const HISTORY_MUTATIONS = [
  'deal.open',
  'positions.amend',
  'positions.close',
  'workingOrders.create',
  'workingOrders.amend',
  'workingOrders.delete',
] as const;

const tradeAccount = (item: string) => (item.startsWith('TRADE:') ? item.slice(6) || null : null);
const accountAccount = (item: string) => (item.startsWith('ACCOUNT:') ? item.slice(8) || null : null);

/** Reads the stream's TRADE and ACCOUNT updates for changes of history; `mark` stamps the account. */
export class HistoryChangeWatch {
  private readonly balances = new Map<string, string>();

  constructor(private readonly mark: (accountId: string) => void) {}

  trade(item: string, changed: Record<string, string | null>): void {
    const accountId = tradeAccount(item);
    if (accountId && (changed.OPU || changed.WOU || changed.CONFIRMS)) this.mark(accountId);
  }

  /** A balance that moves (one seen before on this connection) is a cash movement or a deal's result. */
  account(item: string, changed: Record<string, string | null>): void {
    const accountId = accountAccount(item);
    const funds = changed.FUNDS;
    if (!accountId || funds === undefined || funds === null) return;
    const before = this.balances.get(accountId);
    this.balances.set(accountId, funds);
    if (before !== undefined && before !== funds) this.mark(accountId);
  }

  /** The stream stopped: balances seen from now on start afresh. */
  reset(): void {
    this.balances.clear();
  }
}

type AnyHandler = (request: never, ctx: never) => Promise<unknown>;

/** `handlers` with each history mutation stamping the account once it settled (accepted or rejected). */
export function markingHistory<H extends Record<string, AnyHandler>, C>(
  handlers: H,
  mark: (ctx: C) => Promise<void>,
): H {
  const out: Record<string, AnyHandler> = { ...handlers };
  for (const name of HISTORY_MUTATIONS) {
    const handler = handlers[name];
    if (!handler) continue;
    out[name] = async (request: never, ctx: never) => {
      try {
        return await handler(request, ctx);
      } finally {
        await mark(ctx as C).catch(() => undefined);
      }
    };
  }
  return out as H;
}
