// The account's funds (balance, margin, profit and loss, available, equity): while the stream is live the
// ACCOUNT item keeps them current and the pages are told each change (no REST poll); otherwise a page's
// read asks the service (GET /accounts) each time. The service's currency comes from that read only.
import { i18n } from '#i18n';
import type { AccountsResponse } from '../../api/schemas/accounts';
import type { AccountFunds, FundsView } from '../../model';
import { accountOfItem, mergeFunds, noFunds } from '../../stream/account-merge';
import { NotFoundError } from '../routing/errors';
import type { ApiClient } from '../session/api-client';

const finite = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) ? n : null;

/** The active account's funds in a GET /accounts reply; undefined when the reply does not list it. */
export function fundsFromAccounts(reply: AccountsResponse, accountId: string): AccountFunds | undefined {
  const account = reply.accounts.find((a) => a.accountId === accountId);
  if (!account) return undefined;
  const b = account.balance;
  const balance = finite(b?.balance);
  const profitLoss = finite(b?.profitLoss);
  return {
    accountId,
    currency: /^[A-Z]{3}$/.test(account.currency ?? '') ? (account.currency as string) : '',
    balance,
    margin: finite(b?.deposit),
    profitLoss,
    available: finite(b?.available),
    equity: balance !== null && profitLoss !== null ? Math.round((balance + profitLoss) * 100) / 100 : null,
  };
}

/** GET /accounts, reduced to the active account's funds. */
export async function fetchFunds(client: ApiClient, accountId: string) {
  const funds = fundsFromAccounts(await client.accounts.list(), accountId);
  if (!funds) throw new NotFoundError(i18n.t('workerError.accountNotListed'));
  return funds;
}

export interface AccountFundsDeps {
  /** Whether the stream is live on the active account now (its ACCOUNT updates can be trusted to be complete). */
  live(): boolean;
  accountId(): Promise<string>;
  /** The signed-in account now, without logging in (an update for another account is a stale one). */
  activeAccount(): string | null;
  /** GET /accounts for the active account's funds. */
  fetch(accountId: string): Promise<AccountFunds>;
  /** Funds moved with the stream: the pages are told. */
  changed(view: FundsView): void;
  now(): number;
}

export class AccountFundsLive {
  private current: FundsView | null = null;

  constructor(private readonly deps: AccountFundsDeps) {}

  /** What a page shows: the streamed funds while live (once their currency is known), otherwise the service's. */
  async read(): Promise<FundsView> {
    const accountId = await this.deps.accountId();
    const held = this.current?.funds.accountId === accountId ? this.current : null;
    if (held?.streamed && this.deps.live() && held.funds.currency) return held;
    const rest = await this.deps.fetch(accountId);
    const now = this.deps.now();
    const after = this.current?.funds.accountId === accountId ? this.current : null;
    // Streamed figures are as new as the read and stay the base the next updates merge onto.
    this.current =
      after?.streamed && this.deps.live()
        ? { ...after, funds: { ...after.funds, currency: rest.currency || after.funds.currency } }
        : { funds: rest, fetchedAt: now, streamed: false };
    return this.current;
  }

  /** One ACCOUNT update (its item and changed fields). */
  streamed(item: string, changed: Record<string, string | null>): void {
    const accountId = accountOfItem(item);
    if (!accountId || accountId !== this.deps.activeAccount()) return;
    const base = this.current?.funds.accountId === accountId ? this.current.funds : noFunds(accountId);
    const merged = mergeFunds(base, changed);
    const wasStreamed = this.current?.streamed === true && this.current.funds.accountId === accountId;
    if (!merged && wasStreamed) return;
    this.current = { funds: merged ?? base, fetchedAt: this.deps.now(), streamed: true };
    this.deps.changed(this.current);
  }

  /** Another account was chosen: nothing of this one is kept or pushed again. */
  forget(): void {
    this.current = null;
  }

  /** The stream stopped: updates may be missed from now on, so pages read the service again. */
  stopped(): void {
    if (!this.current?.streamed) return;
    // Figures of an account the user switched away from are dropped, never pushed to a page again.
    if (this.current.funds.accountId !== this.deps.activeAccount()) this.forget();
    else {
      this.current = { ...this.current, streamed: false };
      this.deps.changed(this.current);
    }
  }
}
