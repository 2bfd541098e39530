// The client's stores backed by the settings registry: tokens and the rate budget's counts in
// storage.session (memory only, survive a worker restart, gone when the browser closes), the lock and
// the spelling each gateway answered in storage.local.
import {
  type BudgetCounts,
  type BudgetStore,
  isLockedOperation,
  type LockStore,
  type ReconciliationLock,
  type SessionTokens,
  type SpellingStore,
  type TokenStore,
} from '../../api';
import {
  gatewaySpellings,
  rateBudgets,
  reconciliationLock,
  type StoredLock,
  sessionTokens,
} from '../../settings/registry';

function looksLikeTokens(value: unknown): value is SessionTokens {
  if (!value || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (t.version === 2 || t.version === 3) && typeof t.baseUrl === 'string' && typeof t.identifier === 'string';
}

export function storageTokenStore(): TokenStore {
  return {
    load: async () => {
      const stored = await sessionTokens.getValue();
      return looksLikeTokens(stored) ? stored : null;
    },
    save: async (tokens) => {
      await sessionTokens.setValue({ ...tokens });
    },
    clear: async () => {
      await sessionTokens.setValue(null);
    },
  };
}

/** The client's lock, kept whole in `context`, with the fields the pages show beside it. */
export function toStoredLock(lock: ReconciliationLock, previous: StoredLock | null): StoredLock {
  return {
    dealReference: lock.dealReference ?? lock.dealId ?? '',
    operation: lock.label,
    epic: lock.epic,
    createdAt: lock.createdAt,
    attempts: previous?.attempts ?? 0,
    lastError: previous?.lastError ?? null,
    context: { ...lock },
  };
}

export function fromStoredLock(stored: StoredLock | null): ReconciliationLock | null {
  if (!stored) return null;
  const c = stored.context as Partial<ReconciliationLock>;
  if (typeof c.label === 'string' && typeof c.createdAt === 'number') return c as ReconciliationLock;
  // A lock written without the client's context still blocks mutations until it is settled.
  return {
    label: isLockedOperation(stored.operation) ? stored.operation : 'positions.create',
    dealReference: stored.dealReference || null,
    dealId: null,
    epic: stored.epic,
    direction: null,
    size: null,
    levels: null,
    environment: 'unknown',
    accountId: null,
    createdAt: stored.createdAt,
  };
}

export function storageLockStore(): LockStore {
  return {
    get: async () => fromStoredLock(await reconciliationLock.getValue()),
    set: async (lock) => {
      const previous = await reconciliationLock.getValue();
      await reconciliationLock.setValue(toStoredLock(lock, previous));
    },
    clear: async () => {
      await reconciliationLock.setValue(null);
    },
  };
}

export function storageSpellingStore(): SpellingStore {
  return {
    load: async (gateway) => (await gatewaySpellings.getValue())[gateway] ?? null,
    save: async (gateway, spelling) => {
      const all = await gatewaySpellings.getValue();
      if (all[gateway] !== spelling) await gatewaySpellings.setValue({ ...all, [gateway]: spelling });
    },
  };
}

/** The budget of one gateway; its counts are checked by the budget when they are read back. */
export function storageBudgetStore(gateway: string): BudgetStore {
  return {
    load: async () => ((await rateBudgets.getValue())[gateway] as BudgetCounts | undefined) ?? null,
    save: async (counts) => {
      const all = await rateBudgets.getValue();
      await rateBudgets.setValue({ ...all, [gateway]: { ...counts } });
    },
  };
}
