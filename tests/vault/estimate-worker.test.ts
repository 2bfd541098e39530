// The settings page estimates a new passphrase in a worker (lib/vault/estimate-worker.ts): the verdict is the
// one this thread would give, each reply reaches the check that asked for it, one worker serves a page's
// typing and is ended once idle, and a worker that fails is a clear error (never with the passphrase in it)
// and is replaced at the next check. The "worker" here is the worker's own code behind a message channel.
import { describe, expect, it } from 'vitest';
import type { Timeouts } from '../../lib/timeouts';
import { type CheckJob, type CheckOutcome, checkInWorker, serveChecks } from '../../lib/vault/estimate-worker';
import { estimateIn, estimatePassphrase, type PassphraseCheck } from '../../lib/vault/estimator';
import { zxcvbnCheck, zxcvbnInThread } from '../../lib/vault/zxcvbn-check';
import { fakeWorkers } from '../helpers/fake-workers';

/** Workers that run `serveChecks(check)`; `made` says which were started and ended. */
const workers = (check: PassphraseCheck) => fakeWorkers<CheckJob, CheckOutcome>((scope) => serveChecks(scope, check));

/** Timers run by hand: `fire()` runs what is due. */
function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: Timeouts = {
    set: (callback, ms) => {
      pending.set(++next, { callback, ms });
      return next;
    },
    clear: (handle) => pending.delete(handle as number),
  };
  const fire = () => {
    const due = [...pending.values()];
    pending.clear();
    for (const { callback } of due) callback();
  };
  return { timers, pending, fire };
}

const PASSPHRASES = ['password123', 'qwertyuiopasdfgh', 'simtrader-harbour-2024', 'bench quarry velvet oxide lantern'];

describe('passphrase estimates in a worker', () => {
  it("gives this thread's verdicts, each to the check that asked, from one worker", async () => {
    const { spawn, made } = workers(zxcvbnCheck);
    const estimator = checkInWorker(spawn);
    const inWorker = estimator.check;
    const [here, there] = await Promise.all([
      Promise.all(PASSPHRASES.map((p) => zxcvbnCheck(p, ['simtrader']))),
      Promise.all(PASSPHRASES.map((p) => inWorker(p, ['simtrader']))),
    ]);
    expect(there).toEqual(here);
    expect(new Set(there.map((r) => r.guesses)).size).toBe(PASSPHRASES.length);
    expect(made).toHaveLength(1);
    // The page's verdict, through the worker: a common password is refused with zxcvbn's warning in words.
    estimateIn(estimator);
    try {
      const weak = await estimatePassphrase('password123');
      expect(weak.ok).toBe(false);
      expect(weak.text).toContain('This is a commonly used password.');
      expect((await estimatePassphrase('bench quarry velvet oxide lantern')).ok).toBe(true);
    } finally {
      estimateIn(zxcvbnInThread);
    }
  });

  it('matches replies that come back out of order', async () => {
    const slowFirst: PassphraseCheck = (p) =>
      new Promise((r) => setTimeout(() => r({ guesses: p.length, warning: null }), p === 'first' ? 30 : 0));
    const { spawn } = workers(slowFirst);
    const inWorker = checkInWorker(spawn).check;
    const order: string[] = [];
    const noted = (p: string) => (r: unknown) => {
      order.push(p);
      return r;
    };
    const first = inWorker('first', []).then(noted('first'));
    const second = inWorker('second!', []).then(noted('second'));
    expect(await Promise.all([first, second])).toEqual([
      { guesses: 5, warning: null },
      { guesses: 7, warning: null },
    ]);
    expect(order).toEqual(['second', 'first']);
  });

  it('ends the idle worker and starts a new one for the next check', async () => {
    const { spawn, made } = workers(async (p) => ({ guesses: p.length, warning: null }));
    const { timers, pending, fire } = manualTimers();
    const inWorker = checkInWorker(spawn, timers, 1_000).check;
    await inWorker('one', []);
    expect([...pending.values()].map((t) => t.ms)).toEqual([1_000]);
    // A check before the idle time is up keeps the same worker.
    await inWorker('two', []);
    expect(made).toHaveLength(1);
    expect(pending.size).toBe(1);
    fire();
    expect(made[0]!.terminated).toBe(true);
    expect(await inWorker('three', [])).toEqual({ guesses: 5, warning: null });
    expect(made).toHaveLength(2);
    expect(made[1]!.terminated).toBe(false);
  });

  it('starts the worker when warmed, once, and ends it if no check follows', async () => {
    const { spawn, made } = workers(async (p) => ({ guesses: p.length, warning: null }));
    const { timers, pending, fire } = manualTimers();
    const estimator = checkInWorker(spawn, timers, 1_000);
    estimator.warm();
    estimator.warm();
    expect(made).toHaveLength(1);
    expect(pending.size).toBe(1);
    // The check the user's pause asks for goes to the warmed worker, whose idle time starts again after it.
    expect(await estimator.check('four', [])).toEqual({ guesses: 4, warning: null });
    expect(made).toHaveLength(1);
    expect(pending.size).toBe(1);
    fire();
    expect(made[0]!.terminated).toBe(true);
    estimator.warm();
    expect(made).toHaveLength(2);
  });

  it('a worker the browser refuses to start: warming is quiet, and the check fails saying why', async () => {
    const estimator = checkInWorker(() => {
      throw new Error('SecurityError: the operation is insecure');
    });
    expect(() => estimator.warm()).not.toThrow();
    await expect(estimator.check('a-secret', [])).rejects.toThrow('SecurityError: the operation is insecure');
  });

  it('fails a check whose estimate failed, saying why and not what was typed', async () => {
    const { spawn } = workers(async () => {
      throw new Error('dictionary did not load');
    });
    const error = await checkInWorker(spawn)
      .check('hunter2-secret', [])
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('The passphrase estimate failed: dictionary did not load');
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('fails every check due when the worker fails, and replaces it at the next check', async () => {
    const never: PassphraseCheck = () => new Promise(() => {});
    const { spawn, made } = workers(never);
    const inWorker = checkInWorker(spawn).check;
    const due = [inWorker('a-secret', []), inWorker('b-secret', [])].map((p) => p.catch((e: Error) => e.message));
    made[0]!.worker.onerror?.({});
    expect(await Promise.all(due)).toEqual([
      'The passphrase estimator failed: it did not start',
      'The passphrase estimator failed: it did not start',
    ]);
    expect(made[0]!.terminated).toBe(true);
    void inWorker('c', []);
    expect(made).toHaveLength(2);
  });
});
