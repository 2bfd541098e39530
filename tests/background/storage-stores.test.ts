import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReconciliationLock, SessionTokensV2 } from '../../lib/api';
import { storageLockStore, storageTokenStore } from '../../lib/background/session/storage-stores';
import { reconciliationLock } from '../../lib/settings/registry';

beforeEach(() => fakeBrowser.reset());

const lock: ReconciliationLock = {
  label: 'positions.create',
  dealReference: 'MSREF0001',
  dealId: null,
  epic: 'CS.D.EURUSD.MINI.IP',
  direction: 'BUY',
  size: 1,
  levels: null,
  environment: 'demo',
  accountId: 'ABC123',
  createdAt: 42,
};

describe('storage-backed stores', () => {
  it('keeps tokens in storage.session, never in storage.local', async () => {
    const store = storageTokenStore();
    const tokens: SessionTokensV2 = {
      version: 2,
      baseUrl: 'https://demo-api.ig.com/gateway/deal',
      identifier: 'me',
      info: { accountId: 'ABC123', accounts: [] },
      cst: 'CST-secret-value',
      securityToken: 'XST-secret-value',
    };
    await store.save(tokens);
    expect(await store.load()).toEqual(tokens);
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain('CST-secret-value');
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).toContain('CST-secret-value');
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('keeps the lock whole in storage.local with the fields pages show', async () => {
    const store = storageLockStore();
    await store.set(lock);
    expect(await store.get()).toEqual(lock);
    expect(await reconciliationLock.getValue()).toMatchObject({
      dealReference: 'MSREF0001',
      operation: 'positions.create',
      epic: 'CS.D.EURUSD.MINI.IP',
      attempts: 0,
    });
    // A new store (a restarted worker) sees the same lock.
    expect(await storageLockStore().get()).toEqual(lock);
    await store.clear();
    expect(await store.get()).toBeNull();
  });

  it('still blocks on a lock stored without the client context', async () => {
    await reconciliationLock.setValue({
      dealReference: 'MSREF0002',
      operation: 'working_orders.delete',
      epic: null,
      createdAt: 1,
      attempts: 2,
      lastError: null,
      context: {},
    });
    expect(await storageLockStore().get()).toMatchObject({
      label: 'working_orders.delete',
      dealReference: 'MSREF0002',
    });
  });
});
