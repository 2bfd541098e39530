// Shared by the dealing handler tests (handlers-permits, handlers-deals, handlers-ambiguous): the handlers,
// the fake IG gateway each file starts, a market ticket and a limit order, and granting a permit.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dealingHandlers } from '../../lib/background/dealing';
import { CONFIRM_POLL } from '../../lib/background/dealing/outcome';
import { RECONCILE_POLL, stopReconcileSchedule } from '../../lib/background/dealing/reconciler';
import type { Handlers } from '../../lib/background/handlers/table';
import { lastSettlement } from '../../lib/dealing/settlement';
import type { ParsedRequestOf } from '../../lib/messages/contract';
import { FAKE_ACCOUNT, type FakeIg, startFakeIg } from '../helpers/api-fake-ig';
import { configure, type dealingContext, EPIC } from './context';

export const h = dealingHandlers as Handlers;
/** The file's fake IG gateway, started by useFakeIg's beforeAll. */
export let fake: FakeIg;

export const ticket: ParsedRequestOf<'deal.quoteOpen'> = {
  epic: EPIC,
  direction: 'BUY',
  size: 1,
  orderType: 'MARKET',
  level: null,
  currencyCode: 'USD',
  expiry: '-',
  stop: { mode: 'distance', value: 20 },
  limit: null,
};

export const limitOrder = {
  epic: EPIC,
  direction: 'BUY' as const,
  size: 1,
  type: 'LIMIT' as const,
  level: 10900,
  currencyCode: 'USD',
  expiry: '-',
  timeInForce: 'GOOD_TILL_CANCELLED' as const,
  goodTillDate: null,
  stopDistance: null,
  limitDistance: null,
};

export const grant = (ctx: ReturnType<typeof dealingContext>['ctx'], scope: 'dealing' | 'applications' = 'dealing') =>
  h['permit.grant'](
    { scope, accountId: FAKE_ACCOUNT, confirmAccountId: null, durationMs: 4 * 3600_000, acknowledged: true },
    ctx,
  );

export const dealingRequests = () =>
  fake
    .calls()
    .filter((r) => /^\/(positions|working-orders|indicativecostsandcharges|repeat-dealing-window)/.test(r.path));

/** Starts the fake gateway for the file, and gives each test fresh storage, requests and settings. */
export function useFakeIg(): void {
  beforeAll(async () => {
    fake = await startFakeIg();
    CONFIRM_POLL.delayMs = 5;
    RECONCILE_POLL.delayMs = 5;
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fakeBrowser.reset();
    fake.reset();
    await lastSettlement.setValue(null);
    await configure(fake);
  });
  afterEach(() => stopReconcileSchedule());
}
