import { margin, profit, round2 } from './money';
import type { Account } from './state';
import type { World } from './world';

/** Balance, margin in use, running profit and available funds of an account. */
export function accountFunds(world: World, account: Account) {
  let deposit = 0;
  let profitLoss = 0;
  for (const p of world.positions) {
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
