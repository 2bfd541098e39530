// The status every page shows in its header: signed in or out, the account, permits, the lock and the
// rate budget in use. Built from storage and the client's state; never holds a secret.
import type { RateBudgetState, SessionInfo } from '../../api';
import type { ErrorView, StatusView, StreamView, VaultView } from '../../messages/contract';
import type { AccountSummary, BudgetView, Environment, LockView, PermitView } from '../../model';
import type { StoredLock } from '../../settings/registry';

export function budgetView(state: RateBudgetState | null, throttled: BudgetView['throttled']): BudgetView {
  if (!state) return { buckets: [], historical: null, throttled };
  return {
    buckets: [
      { name: 'account-overall', used: state.nonTrading.used, limit: state.nonTrading.limit },
      { name: 'account-trading', used: state.trading.used, limit: state.trading.limit },
      { name: 'application', used: state.app.used, limit: state.app.limit },
    ],
    historical: {
      remaining: state.historical.remaining,
      total: state.historical.limit,
      resetsAt: state.historical.resetAt ?? 0,
    },
    throttled,
  };
}

export function lockView(lock: StoredLock | null): LockView | null {
  if (!lock) return null;
  const { dealReference, operation, epic, createdAt, attempts, lastError } = lock;
  return { dealReference, operation, epic, createdAt, attempts, lastError };
}

export function accountsOf(info: SessionInfo | null): AccountSummary[] {
  if (!info) return [];
  return info.accounts.map((a) => ({
    accountId: a.accountId,
    accountName: a.accountName ?? a.accountId,
    accountType: a.accountType ?? '',
    preferred: a.preferred ?? false,
  }));
}

export function activePermits(views: PermitView[], now: number): PermitView[] {
  return views.filter((p) => p.expiresAt === null || p.expiresAt > now);
}

export interface StatusInputs {
  configured: boolean;
  signingIn: boolean;
  environment: Environment | null;
  info: SessionInfo | null;
  permits: PermitView[];
  lock: StoredLock | null;
  budget: RateBudgetState | null;
  throttled: BudgetView['throttled'];
  pinnedEpic: string | null;
  lastError: ErrorView | null;
  vault: VaultView;
  now: number;
  stream?: StreamView;
}

export const STREAM_OFF: StreamView = { mode: 'off', reason: null, savedPerMinute: 0 };

export function buildStatus(i: StatusInputs): StatusView {
  const accounts = accountsOf(i.info);
  const account = accounts.find((a) => a.accountId === i.info?.accountId) ?? null;
  let state: StatusView['state'];
  if (!i.configured) state = i.vault.state === 'locked' ? 'locked' : 'signed-out';
  else if (i.lastError?.kind === 'signed-out' || i.lastError?.kind === 'bad-credentials') state = 'signed-out';
  else if (i.lastError?.kind === 'offline' || i.lastError?.kind === 'timeout') state = 'offline';
  else if (i.info) state = 'signed-in';
  else if (i.signingIn) state = 'signing-in';
  else state = i.lastError ? 'error' : 'signed-out';
  return {
    state,
    environment: i.environment,
    account,
    accounts,
    permits: activePermits(i.permits, i.now),
    lock: lockView(i.lock),
    budget: budgetView(i.budget, i.throttled),
    pinnedEpic: i.pinnedEpic,
    lastError: i.lastError,
    vault: i.vault,
    stream: i.stream ?? STREAM_OFF,
  };
}
