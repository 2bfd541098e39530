import { margin, profit, round2 } from './money';
import type { Account, Position } from './state';
import type { World } from './world';

/**
 * Balance, margin in use, running profit and available funds of an account; over `positions` when given (the
 * positions as a deal would leave them, before it is booked).
 */
export function accountFunds(world: World, account: Account, positions: readonly Position[] = world.positions) {
  let deposit = 0;
  let profitLoss = 0;
  for (const p of positions) {
    if (p.accountId !== account.accountId) continue;
    const m = world.market(p.epic);
    if (!m) continue;
    const q = world.quote(m);
    const exit = p.direction === 'BUY' ? q.bid : q.offer;
    profitLoss += profit(m, account.accountType, account.currency, p.direction, p.size, p.level, exit);
    deposit += margin(m, account.accountType, account.currency, p.size, p.level);
  }
  const balance = round2(account.balance);
  return {
    balance,
    deposit: round2(deposit),
    profitLoss: round2(profitLoss),
    available: round2(balance + profitLoss - deposit),
  };
}
