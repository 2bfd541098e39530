import { isoMillis, slashMinutes } from '../format';
import type { Position, WorkingOrder } from '../state';
import type { World } from '../world';

/** One TRADE:{accountId} update: exactly one of CONFIRMS, OPU or WOU carries a JSON string. */
export interface TradeEvent {
  accountId: string;
  field: 'CONFIRMS' | 'OPU' | 'WOU';
  json: string;
}

type Status = 'OPEN' | 'UPDATED' | 'DELETED';

/** IG's OPU (open position update) payload. */
function opu(p: Position, status: Status, now: number): string {
  return JSON.stringify({
    dealReference: p.dealReference,
    dealId: p.dealId,
    direction: p.direction,
    epic: p.epic,
    status,
    dealStatus: 'ACCEPTED',
    level: p.level,
    size: p.size,
    currency: p.currency,
    timestamp: isoMillis(now),
    channel: 'PublicRestOTC',
    dealIdOrigin: p.dealId,
    expiry: p.expiry,
    stopLevel: p.stopLevel,
    limitLevel: p.limitLevel,
    guaranteedStop: p.guaranteedStop,
    trailingStop: p.trailingStopDistance !== null,
  });
}

/** IG's WOU (working order update) payload. */
function wou(o: WorkingOrder, status: Status, now: number): string {
  return JSON.stringify({
    dealReference: o.dealReference,
    dealId: o.dealId,
    direction: o.direction,
    epic: o.epic,
    status,
    dealStatus: 'ACCEPTED',
    level: o.level,
    size: o.size,
    currency: o.currency,
    timestamp: isoMillis(now),
    channel: 'PublicRestOTC',
    expiry: o.expiry,
    stopDistance: o.stopDistance,
    limitDistance: o.limitDistance,
    guaranteedStop: o.guaranteedStop,
    orderType: o.type,
    timeInForce: o.timeInForce,
    goodTillDate: o.goodTillDate === null ? null : slashMinutes(o.goodTillDate),
  });
}

interface Seen<T> {
  key: string;
  record: T;
}

function diff<T extends { dealId: string; accountId: string }>(
  before: Map<string, Seen<T>>,
  now: readonly T[],
  emit: (record: T, status: Status) => void,
): Map<string, Seen<T>> {
  const next = new Map<string, Seen<T>>();
  for (const r of now) {
    const key = JSON.stringify(r);
    const old = before.get(r.dealId);
    if (!old) emit(r, 'OPEN');
    else if (old.key !== key) emit(r, 'UPDATED');
    next.set(r.dealId, { key, record: { ...r } });
  }
  for (const [id, old] of before) if (!next.has(id)) emit(old.record, 'DELETED');
  return next;
}

/** Turns what REST dealing did to the world (confirms, positions, working orders) into TRADE events. */
export class TradeWatcher {
  private confirms = new Map<string, number>();
  private positions = new Map<string, Seen<Position>>();
  private orders = new Map<string, Seen<WorkingOrder>>();

  constructor(private readonly world: World) {
    this.rebase();
  }

  /** Forget history: what the world holds now raises no events. */
  rebase(): void {
    this.confirms = new Map([...this.world.confirms].map(([ref, c]) => [ref, c.at]));
    this.positions = diff(new Map(), this.world.positions, () => {});
    this.orders = diff(new Map(), this.world.workingOrders, () => {});
  }

  /** Events since the last poll: confirms first, then position and working-order changes. */
  poll(): TradeEvent[] {
    const out: TradeEvent[] = [];
    const now = this.world.now();
    for (const [ref, c] of this.world.confirms) {
      if (this.confirms.get(ref) === c.at) continue;
      this.confirms.set(ref, c.at);
      out.push({ accountId: c.accountId, field: 'CONFIRMS', json: JSON.stringify(c.confirm) });
    }
    if (this.confirms.size > 2 * this.world.confirms.size + 100)
      for (const ref of this.confirms.keys()) if (!this.world.confirms.has(ref)) this.confirms.delete(ref);
    this.positions = diff(this.positions, this.world.positions, (p, status) =>
      out.push({ accountId: p.accountId, field: 'OPU', json: opu(p, status, now) }),
    );
    this.orders = diff(this.orders, this.world.workingOrders, (o, status) =>
      out.push({ accountId: o.accountId, field: 'WOU', json: wou(o, status, now) }),
    );
    return out;
  }
}
