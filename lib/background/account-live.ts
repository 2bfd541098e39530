// Positions and working orders kept current by the stream's TRADE updates: while the stream is live the
// lists the pages ask for come from here (no REST poll); OPU and WOU change them the moment they arrive
// and the pages are told. When the stream is not live the lists are forgotten, since updates may be missed.
import type { MarketQuote, PositionView, WorkingOrderView } from '../model';
import { lazyPart } from './lazy-part';

// Merging TRADE updates loads with the first one (a part of its own in Chrome's worker).
const tradeMerge = lazyPart('account updates', () => import('../stream/trade-merge'));

export interface AccountLiveDeps {
  live(): boolean;
  quote(epic: string): Promise<MarketQuote | undefined>;
  /** The signed-in account's type (CFD, SPREADBET), when known. */
  accountType(): string | null;
  /** The market's contract size from its cached facts, without asking the service. */
  contractSize(epic: string): Promise<number | null>;
  changed(what: 'positions' | 'orders'): void;
}

export class AccountLive {
  private positions: PositionView[] | null = null;
  private orders: WorkingOrderView[] | null = null;

  constructor(private readonly deps: AccountLiveDeps) {}

  async positionsList(fetch: () => Promise<PositionView[]>): Promise<PositionView[]> {
    if (this.deps.live() && this.positions) return this.positions;
    const rows = await fetch();
    this.positions = this.deps.live() ? rows : null;
    return rows;
  }

  async ordersList(fetch: () => Promise<WorkingOrderView[]>): Promise<WorkingOrderView[]> {
    if (this.deps.live() && this.orders) return this.orders;
    const rows = await fetch();
    this.orders = this.deps.live() ? rows : null;
    return rows;
  }

  forget(): void {
    this.positions = null;
    this.orders = null;
  }

  /** One TRADE update (its changed fields). */
  async trade(changed: Record<string, string | null>): Promise<void> {
    const opu = changed.OPU ?? null;
    const wou = changed.WOU ?? null;
    if (!opu && !wou) return;
    const { applyOpu, applyWou, parseTrade } = await tradeMerge();
    if (opu && this.positions) {
      const epic = parseTrade(opu)?.epic;
      // The quote first: reading an uncached market caches its facts too.
      const quote = epic ? await this.deps.quote(epic) : undefined;
      const money = {
        accountType: this.deps.accountType(),
        contractSize: epic ? await this.deps.contractSize(epic) : null,
      };
      const next = applyOpu(this.positions, opu, quote, money);
      if (next !== this.positions && this.positions) {
        this.positions = next;
        this.deps.changed('positions');
      }
    } else if (opu) this.deps.changed('positions');
    if (wou && this.orders) {
      const epic = parseTrade(wou)?.epic;
      const next = applyWou(this.orders, wou, epic ? await this.deps.quote(epic) : undefined);
      if (next !== this.orders && this.orders) {
        this.orders = next;
        this.deps.changed('orders');
      }
    } else if (wou) this.deps.changed('orders');
  }
}
