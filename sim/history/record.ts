// The simulated account's own record of what happened: every deal, amendment, close, rejected deal and
// working-order event (the activity), and every closed trade and cash movement (the transactions), kept
// consistent with the positions and the balance: each trade's P&L is what the close added to the balance.
import { h32 } from '../random';
import type { Account, Confirm, Direction, Position } from '../state';

export type ActivityType = 'POSITION' | 'WORKING_ORDER' | 'EDIT_STOP_AND_LIMIT' | 'SYSTEM';

export interface SimAction {
  actionType: string;
  affectedDealId: string;
}

export interface SimActivity {
  accountId: string;
  at: number;
  epic: string | null;
  period: string | null;
  dealId: string;
  channel: string;
  type: ActivityType;
  status: 'ACCEPTED' | 'REJECTED';
  description: string;
  dealReference: string;
  actions: SimAction[];
  direction: Direction | null;
  size: number | null;
  level: number | null;
  stopLevel: number | null;
  stopDistance: number | null;
  limitLevel: number | null;
  limitDistance: number | null;
  guaranteedStop: boolean;
  goodTillDate: string | null;
}

export interface SimTransaction {
  accountId: string;
  at: number;
  openedAt: number;
  instrumentName: string;
  period: string;
  type: 'DEAL' | 'DEPO' | 'WITH';
  reference: string;
  openLevel: number | null;
  closeLevel: number | null;
  /** Signed: + for a long closed, − for a short. Null for cash. */
  size: number | null;
  pnl: number;
}

export interface SimHistory {
  activities: SimActivity[];
  transactions: SimTransaction[];
  seq: number;
}

/** What recording needs of the world (sim/world.ts): its seed, its accounts and the history it keeps. */
export interface HistoryWorld {
  readonly seed: number;
  readonly accounts: readonly Account[];
  history: SimHistory;
}

export function emptyHistory(): SimHistory {
  return { activities: [], transactions: [], seq: 0 };
}

/** IG's transaction references are their own numbers: neither the deal id nor the deal reference. */
function transactionReference(world: HistoryWorld): string {
  world.history.seq += 1;
  return String(45_000_000 + (h32(world.seed, 0x7a11, world.history.seq) % 5_000_000));
}

/** The deal id of a closing deal (IG gives the close its own id; the opening id is in `actions`). */
export function closingDealId(ref: string): string {
  let a = 0;
  for (const c of ref) a = h32(a, c.charCodeAt(0));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = '';
  for (let i = 0; i < 9; i++) {
    a = h32(a, i);
    id += alphabet[a % alphabet.length];
  }
  return `DIAAAA${id}`;
}

const short = (dealId: string) => dealId.slice(-8);

/** The opening deposit of every account, at the world's start. */
export function recordOpeningDeposits(world: HistoryWorld, at: number): void {
  for (const a of world.accounts)
    world.history.transactions.push({
      accountId: a.accountId,
      at,
      openedAt: at,
      instrumentName: 'Bank Deposit',
      period: '-',
      type: 'DEPO',
      reference: transactionReference(world),
      openLevel: null,
      closeLevel: null,
      size: null,
      pnl: a.balance,
    });
}

const ORDER_ACTION: Record<string, string> = { OPENED: 'OPENED', AMENDED: 'AMENDED', DELETED: 'DELETED' };

function actionsOf(confirm: Confirm, type: ActivityType, orderType: string | undefined): SimAction[] {
  return confirm.affectedDeals.map(({ dealId, status }) => {
    if (type === 'WORKING_ORDER')
      return { actionType: `${orderType ?? 'LIMIT'}_ORDER_${ORDER_ACTION[status] ?? status}`, affectedDealId: dealId };
    if (type === 'EDIT_STOP_AND_LIMIT') return { actionType: 'STOP_LIMIT_AMENDED', affectedDealId: dealId };
    const actionType =
      status === 'OPENED'
        ? 'POSITION_OPENED'
        : status === 'FULLY_CLOSED'
          ? 'POSITION_CLOSED'
          : status === 'PARTIALLY_CLOSED'
            ? 'POSITION_PARTIALLY_CLOSED'
            : status;
    return { actionType, affectedDealId: dealId };
  });
}

function descriptionOf(type: ActivityType, actions: SimAction[], confirm: Confirm): string {
  if (confirm.dealStatus === 'REJECTED') return `Rejected: ${confirm.reason}`;
  const ids = (kind: string) =>
    actions
      .filter((a) => a.actionType === kind)
      .map((a) => short(a.affectedDealId))
      .join(', ');
  if (type === 'EDIT_STOP_AND_LIMIT') return `Limit/stop amended: ${ids('STOP_LIMIT_AMENDED')}`;
  if (type === 'WORKING_ORDER') {
    const [first] = actions;
    const verb = first?.actionType.endsWith('DELETED')
      ? 'deleted'
      : first?.actionType.endsWith('AMENDED')
        ? 'amended'
        : 'opened';
    return `Working order ${verb}: ${first ? short(first.affectedDealId) : ''}`;
  }
  const parts: string[] = [];
  if (ids('POSITION_CLOSED')) parts.push(`Position/s closed: ${ids('POSITION_CLOSED')}`);
  if (ids('POSITION_PARTIALLY_CLOSED')) parts.push(`Position partially closed: ${ids('POSITION_PARTIALLY_CLOSED')}`);
  if (ids('POSITION_OPENED')) parts.push(`Position opened: ${ids('POSITION_OPENED')}`);
  return parts.join('; ');
}

/** One dealing step's activity, from the confirmation it produced. */
export function recordDeal(
  world: HistoryWorld,
  accountId: string,
  confirm: Confirm,
  now: number,
  type: ActivityType,
  orderType?: string,
): void {
  const actions = confirm.dealStatus === 'ACCEPTED' ? actionsOf(confirm, type, orderType) : [];
  const closes = actions.some(
    (a) => a.actionType === 'POSITION_CLOSED' || a.actionType === 'POSITION_PARTIALLY_CLOSED',
  );
  const opened = actions.find((a) => a.actionType === 'POSITION_OPENED');
  const dealId = opened?.affectedDealId ?? (closes ? closingDealId(confirm.dealReference) : confirm.dealId);
  world.history.activities.push({
    accountId,
    at: now,
    epic: confirm.epic,
    period: confirm.expiry,
    dealId,
    channel: 'PUBLIC_WEB_API',
    type,
    status: confirm.dealStatus,
    description: descriptionOf(type, actions, confirm),
    dealReference: confirm.dealReference,
    actions,
    direction: confirm.direction,
    size: confirm.size,
    level: confirm.level,
    stopLevel: confirm.stopLevel,
    stopDistance: confirm.stopDistance,
    limitLevel: confirm.limitLevel,
    limitDistance: confirm.limitDistance,
    guaranteedStop: confirm.guaranteedStop,
    goodTillDate: null,
  });
}

/** A working order the market reached: it becomes a position (IG's SYSTEM channel). */
export function recordOrderFilled(world: HistoryWorld, p: Position, orderType: string, now: number): void {
  world.history.activities.push({
    accountId: p.accountId,
    at: now,
    epic: p.epic,
    period: p.expiry,
    dealId: p.dealId,
    channel: 'SYSTEM',
    type: 'POSITION',
    status: 'ACCEPTED',
    description: `Position opened: ${short(p.dealId)}`,
    dealReference: p.dealReference,
    actions: [
      { actionType: `${orderType}_ORDER_FILLED`, affectedDealId: p.dealId },
      { actionType: 'POSITION_OPENED', affectedDealId: p.dealId },
    ],
    direction: p.direction,
    size: p.size,
    level: p.level,
    stopLevel: p.stopLevel,
    stopDistance: null,
    limitLevel: p.limitLevel,
    limitDistance: null,
    guaranteedStop: p.guaranteedStop,
    goodTillDate: null,
  });
}

export interface ClosedPiece {
  position: Position;
  size: number;
  exit: number;
  /** Unrounded P&L of this piece in the account's currency. */
  pnl: number;
}

/**
 * The transactions of one close: a piece per position it reduced. Each P&L is rounded to the cent and the
 * last absorbs the rounding, so the pieces add up to exactly what the balance moved by (`credited`).
 */
export function recordCloses(
  world: HistoryWorld,
  accountId: string,
  instrumentName: (epic: string) => string,
  pieces: readonly ClosedPiece[],
  credited: number,
  now: number,
): void {
  let sum = 0;
  pieces.forEach((piece, i) => {
    const last = i === pieces.length - 1;
    const pnl = last ? Math.round((credited - sum) * 100) / 100 : Math.round(piece.pnl * 100) / 100;
    sum = Math.round((sum + pnl) * 100) / 100;
    const p = piece.position;
    world.history.transactions.push({
      accountId,
      at: now,
      openedAt: p.createdAt,
      instrumentName: instrumentName(p.epic),
      period: p.expiry,
      type: 'DEAL',
      reference: transactionReference(world),
      openLevel: p.level,
      closeLevel: piece.exit,
      size: p.direction === 'BUY' ? piece.size : -piece.size,
      pnl,
    });
  });
}
