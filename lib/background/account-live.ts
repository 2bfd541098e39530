// Positions and working orders kept current by the stream's TRADE updates: while the stream is live the
// lists the pages ask for come from here (no REST poll); OPU and WOU change them the moment they arrive
// and the pages are told. When the stream is not live the lists are forgotten, since updates may be missed.
// What is held belongs to one account: a list read for another account, or a TRADE update of an account
// that is no longer the signed-in one (the user switched while it was on its way), is never held or applied.
import type { MarketQuote, PositionView, WorkingOrderView } from '../model';
import { applyOpu, applyWou, parseTrade } from '../stream/trade-merge';

export interface AccountLiveDeps {
  /** Whether the stream is live on the signed-in account (its TRADE updates can be trusted to be complete). */
  live(): boolean;
  /** The signed-in account now, without logging in. */
  activeAccount(): string | null;
  quote(epic: string): Promise<MarketQuote | undefined>;
  /** The signed-in account's type (CFD, SPREADBET), when known. */
  accountType(): string | null;
  /** The market's contract size from its cached facts, without asking the service. */
  contractSize(epic: string): Promise<number | null>;
  changed(what: 'positions' | 'orders'): void;
}

interface Held<T> {
  accountId: string;
  rows: T[];
}

/** The account of a `TRADE:{accountId}` item, or null for any other item. */
export function accountOfTradeItem(item: string): string | null {
  return item.startsWith('TRADE:') ? item.slice('TRADE:'.length) || null : null;
}

export class AccountLive {
  private positions: Held<PositionView> | null = null;
  private orders: Held<WorkingOrderView> | null = null;

  constructor(private readonly deps: AccountLiveDeps) {}

  async positionsList(fetch: () => Promise<PositionView[]>): Promise<PositionView[]> {
    const { rows, held } = await this.list(this.positions, fetch);
    this.positions = held;
    return rows;
  }

  async ordersList(fetch: () => Promise<WorkingOrderView[]>): Promise<WorkingOrderView[]> {
    const { rows, held } = await this.list(this.orders, fetch);
    this.orders = held;
    return rows;
  }

  /** The held rows while live on their account; otherwise read, and held only when no switch came between. */
  private async list<T>(
    current: Held<T> | null,
    fetch: () => Promise<T[]>,
  ): Promise<{ rows: T[]; held: Held<T> | null }> {
    const accountId = this.deps.activeAccount();
    if (this.deps.live() && current && current.accountId === accountId) return { rows: current.rows, held: current };
    const rows = await fetch();
    const same = accountId !== null && accountId === this.deps.activeAccount();
    return { rows, held: same && this.deps.live() ? { accountId, rows } : null };
  }

  forget(): void {
    this.positions = null;
    this.orders = null;
  }

  /** One TRADE update: its item (`TRADE:{accountId}`) and changed fields. */
  async trade(item: string, changed: Record<string, string | null>): Promise<void> {
    const accountId = accountOfTradeItem(item);
    // Checked again after every wait: the user may switch account while a market is looked up.
    const current = () => accountId !== null && accountId === this.deps.activeAccount();
    if (!current()) return;
    const opu = changed.OPU ?? null;
    const wou = changed.WOU ?? null;
    if (!opu && !wou) return;
    const positions = this.positions;
    if (opu && positions?.accountId === accountId) {
      const epic = parseTrade(opu)?.epic;
      // The quote first: reading an uncached market caches its facts too.
      const quote = epic ? await this.deps.quote(epic) : undefined;
      const money = {
        accountType: this.deps.accountType(),
        contractSize: epic ? await this.deps.contractSize(epic) : null,
      };
      if (!current()) return;
      const held = this.positions;
      if (held?.accountId === accountId) {
        const next = applyOpu(held.rows, opu, quote, money);
        if (next !== held.rows) {
          this.positions = { accountId, rows: next };
          this.deps.changed('positions');
        }
      }
    } else if (opu && current()) this.deps.changed('positions');
    const orders = this.orders;
    if (wou && orders?.accountId === accountId) {
      const epic = parseTrade(wou)?.epic;
      const quote = epic ? await this.deps.quote(epic) : undefined;
      if (!current()) return;
      const held = this.orders;
      if (held?.accountId === accountId) {
        const next = applyWou(held.rows, wou, quote);
        if (next !== held.rows) {
          this.orders = { accountId, rows: next };
          this.deps.changed('orders');
        }
      }
    } else if (wou && current()) this.deps.changed('orders');
  }
}
