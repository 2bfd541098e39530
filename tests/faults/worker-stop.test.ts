// Fault: the worker stops while a deal is under way (the plain-object twin of e2e/faults.spec.ts).
// A stopped worker runs no more code: the request it sent may have executed at the service, but no
// reply, no error and no `finally` ever runs in it. A fetch that never settles is exactly that. The
// next worker, built from the same storage, must know there is a deal to reconcile and refuse to deal
// until it is reconciled; otherwise the user, seeing no outcome, deals again.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECONCILE_POLL, stopReconcileSchedule } from '../../lib/background/dealing/reconciler';
import type { DealOutcome } from '../../lib/model';
import { configure, newStores, resetBrowser, startBackground } from './background';
import { dealingPermit, MARKET_BUY, type SimHandle, startSim, summary } from './helpers';

const ROUNDS = 20;
let sim: SimHandle;

beforeAll(async () => {
  sim = await startSim({ seed: 61, rateLimits: false });
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.control.reset();
  resetBrowser();
  await configure(sim);
  RECONCILE_POLL.delayMs = 5;
});
afterEach(() => stopReconcileSchedule());

/**
 * A fetch that sends `frozen` requests on and then never answers, as a stopped worker never reads its
 * reply; `held` settles once the service has answered one (from then on the worker is stuck, as if stopped).
 */
function stoppingFetch(frozen: (method: string, url: string) => boolean): { fetch: typeof fetch; held: Promise<void> } {
  let hold = () => {};
  const held = new Promise<void>((resolve) => {
    hold = resolve;
  });
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const sent = globalThis.fetch(input, init);
    if (!frozen(method, url)) return sent;
    return sent.then(() => {
      hold();
      return new Promise<Response>(() => {});
    });
  };
  return { fetch, held };
}

/** `promise`, or a clear failure after `ms` (generous: the machine may be slow, never this slow). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const ticket = MARKET_BUY;

describe('fault: the worker stops while a deal is under way', () => {
  it(`${ROUNDS} deals cut off after they left: the next worker keeps the lock and refuses to deal until reconciled`, async () => {
    const stores = newStores();
    let executed = 0;
    let traced = 0;
    let refusedAfterRestart = 0;
    let reconciled = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Cut off the deal itself, or the read of its confirmation that follows.
      const step = round % 2 === 0 ? 'create' : 'confirm';
      const frozen = (method: string, url: string) =>
        step === 'create' ? method === 'POST' && /\/positions\/otc$/.test(url) : /\/confirms\//.test(url);
      const stopping = stoppingFetch(frozen);
      const dying = await startBackground({ dealing: true, openStore: stores, fetch: stopping.fetch });
      const { accountId } = (await dying.clients.signedIn()).info;
      const permit = await dying.ask('permit.grant', dealingPermit(accountId));
      expect(permit.ok).toBe(true);
      const quote = await dying.ask<{ quoteReference: string }>('deal.quoteOpen', ticket);
      if (!quote.ok) throw new Error(quote.error.message);
      const before = sim.control.state().positions.length;
      void dying.ask<DealOutcome>('deal.open', { ticket, quoteReference: quote.data.quoteReference });
      // Once the service has answered the frozen request the worker waits for a reply that never comes:
      // everything it would do before that is done, and it stops there.
      await within(stopping.held, 30_000, `round ${round}: the ${step} request did not reach the service`);
      dying.stop();
      stopReconcileSchedule();
      const placed = sim.control.state().positions.slice(before);
      executed += placed.length;

      const next = await startBackground({ dealing: true, openStore: stores });
      const lock = await next.ctx.lockStore.get();
      if (placed.length > 0 && lock && placed.some((p) => p.dealReference === lock.dealReference)) traced++;
      const again = await next.ask('deal.quoteOpen', ticket);
      if (!again.ok && again.error.kind === 'locked') refusedAfterRestart++;
      if (lock) {
        const settled = await next.ask<{ settled: boolean }>('lock.reconcile');
        if (settled.ok && settled.data.settled) reconciled++;
      }
      next.stop();
      stopReconcileSchedule();
    }
    summary(
      'worker stopped mid-deal (background)',
      `${ROUNDS} deals cut off, ${executed} executed at the service, ${traced} left a lock for the next worker, ` +
        `${refusedAfterRestart} refused a new deal until reconciled, ${reconciled} reconciled`,
    );
    expect(executed).toBe(ROUNDS);
    expect(traced).toBe(executed);
    expect(refusedAfterRestart).toBe(executed);
    expect(reconciled).toBe(executed);
  }, 60_000);
});
