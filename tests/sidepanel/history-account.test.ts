// Whose history the side panel's History view shows (lib/sidepanel/history-account.ts), through a panel's
// life: opened on the cached account, the status naming it, then switches. At every step the view shows
// the history of the account the header names, or of none while the header names none; it starts again
// (a new run) on each change, but not when it first learns the account it already shows.
import { describe, expect, it } from 'vitest';
import type { StatusView } from '../../lib/messages/contract';
import { historyAccountShown, nextHistoryAccount, noHistoryAccount } from '../../lib/sidepanel/history-account';

const signedIn = (accountId: string) => ({ state: 'ready', account: { accountId } }) as unknown as StatusView;
const switching = { state: 'signing-in' } as unknown as StatusView;

function walk(cached: string | null, statuses: (StatusView | null)[]) {
  let view = noHistoryAccount;
  return statuses.map((status) => {
    view = nextHistoryAccount(view, historyAccountShown(status, cached));
    return { header: status?.account?.accountId ?? null, shown: view.id, run: view.run };
  });
}

describe("the History view's account", () => {
  it('never shows one account’s history under another’s name, through switch after switch', () => {
    // The page read the cached history of A, then switched A → B → C while open.
    const steps = walk('A', [null, signedIn('A'), switching, signedIn('B'), switching, signedIn('C')]);
    for (const { header, shown } of steps.slice(1)) expect(shown).toBe(header);
    expect(steps.map((s) => s.shown)).toEqual(['A', 'A', null, 'B', null, 'C']);
    // Learning the account it already showed is no restart; each change is one.
    expect(steps.map((s) => s.run)).toEqual([0, 0, 1, 2, 3, 4]);
  });

  it('drops the cached account when the status names another (switched while the panel was closed)', () => {
    const steps = walk('A', [null, signedIn('B')]);
    expect(steps[1]).toEqual({ header: 'B', shown: 'B', run: 1 });
  });

  it('with nothing cached, waits for the status and does not start again when it first names an account', () => {
    expect(walk(null, [null, signedIn('A')])).toEqual([
      { header: null, shown: null, run: 0 },
      { header: 'A', shown: 'A', run: 0 },
    ]);
  });
});
