// A long past for the account (benchmarks, paging tests): round trips spread evenly over a span before
// now, each an opening and a closing activity and a closed-trade transaction, with the balance moved by
// exactly the trades' P&L so the record stays consistent with the account.
import { round2 } from '../money';
import { h32 } from '../random';
import type { World } from '../world';
import { closingDealId } from './record';

export interface SeedHistory {
  accountId: string;
  /** Round trips to add. */
  trades: number;
  /** How far back the first one opens (default a year). */
  spanMs?: number;
}

const EPICS = [
  'CS.D.EURUSD.MINI.IP',
  'IX.D.FTSE.DAILY.IP',
  'IX.D.DAX.DAILY.IP',
  'CS.D.CFDGOLD.CFDGC.IP',
  'KA.D.VOD.CASH.IP',
];

export function seedHistory(world: World, opts: SeedHistory, now: number): void {
  const account = world.account(opts.accountId);
  if (!account) throw new Error(`No account ${opts.accountId}`);
  if (!Number.isInteger(opts.trades) || opts.trades < 1 || opts.trades > 100_000) throw new Error('trades: 1-100000');
  const span = opts.spanMs ?? 365 * 86_400_000;
  const step = Math.floor(span / opts.trades);
  let total = 0;
  // The opening deposit comes before the seeded past.
  for (const t of world.history.transactions)
    if (t.accountId === account.accountId && t.type === 'DEPO' && t.at > now - span)
      t.at = t.openedAt = now - span - 86_400_000;
  for (let i = 0; i < opts.trades; i++) {
    const epic = EPICS[i % EPICS.length] as string;
    const m = world.market(epic);
    const name = m ? world.instrumentName(m) : epic;
    const opened = now - span + i * step;
    const closed = opened + Math.floor(step / 2);
    const r = h32(world.seed, 0x5eed, i);
    const level = round2(100 + (r % 10_000) / 10);
    const exit = round2(level + ((r >>> 8) % 200) / 10 - 10);
    const direction = r & 1 ? 'BUY' : 'SELL';
    const pnl = round2((direction === 'BUY' ? exit - level : level - exit) * 2);
    total = round2(total + pnl);
    const dealId = `DIAAAS${String(i).padStart(9, '0')}`;
    const ref = `SEED${i}`;
    const common = {
      accountId: account.accountId,
      epic,
      period: '-',
      channel: 'WEB',
      type: 'POSITION' as const,
      status: 'ACCEPTED' as const,
      size: 2,
      stopLevel: null,
      stopDistance: null,
      limitLevel: null,
      limitDistance: null,
      guaranteedStop: false,
      goodTillDate: null,
    };
    world.history.activities.push(
      {
        ...common,
        at: opened,
        dealId,
        description: `Position opened: ${dealId.slice(-8)}`,
        dealReference: ref,
        actions: [{ actionType: 'POSITION_OPENED', affectedDealId: dealId }],
        direction,
        level,
      },
      {
        ...common,
        at: closed,
        dealId: closingDealId(`${ref}C`),
        description: `Position/s closed: ${dealId.slice(-8)}`,
        dealReference: `${ref}C`,
        actions: [{ actionType: 'POSITION_CLOSED', affectedDealId: dealId }],
        direction: direction === 'BUY' ? 'SELL' : 'BUY',
        level: exit,
      },
    );
    world.history.seq += 1;
    world.history.transactions.push({
      accountId: account.accountId,
      at: closed,
      openedAt: opened,
      instrumentName: name,
      period: '-',
      type: 'DEAL',
      reference: String(60_000_000 + world.history.seq),
      openLevel: level,
      closeLevel: exit,
      size: direction === 'BUY' ? 2 : -2,
      pnl,
    });
  }
  account.balance = round2(account.balance + total);
}
