// Whose history the side panel's History view shows. Before the background's status is known, the account
// whose history is cached (the view paints it at once); from then on only the account the status names,
// and none while it names none (signing in, switching): one account's history never shows under another's
// name. The view starts again (its `run` changes) whenever that account changes, except when it first
// learns one: a view that started with none has only asked the background, which answers for the signed-in one.
import type { StatusView } from '../messages/contract';

export interface HistoryViewAccount {
  id: string | null;
  /** Learnt an account since the view first started. */
  known: boolean;
  /** Changes each time the view must start again. */
  run: number;
}

export const noHistoryAccount: HistoryViewAccount = { id: null, known: false, run: 0 };

export function historyAccountShown(status: StatusView | null, cached: string | null): string | null {
  return status ? (status.account?.accountId ?? null) : cached;
}

export function nextHistoryAccount(was: HistoryViewAccount, shown: string | null): HistoryViewAccount {
  if (shown === was.id) return was;
  return { id: shown, known: true, run: was.known ? was.run + 1 : was.run };
}
