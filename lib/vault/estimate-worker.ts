// The settings page's passphrase estimates, computed in a worker of its own (entrypoints/strength-worker.ts):
// loading the estimator takes about half a second and each check tens of ms, which on the page's thread held
// up the keystrokes of the passphrase being typed. One worker serves the page's checks, each matched to its
// reply, and is ended once none has been asked for a while (its ranked dictionaries hold tens of MB).
import { browserTimeouts, type Timeouts } from '../timeouts';
import type { Estimate, Estimator, PassphraseCheck } from './estimator';
import type { ScopeOf, WorkerOf } from './worker-channel';

export interface CheckJob {
  id: number;
  passphrase: string;
  userInputs: string[];
}

export type CheckOutcome =
  | { id: number; ok: true; guesses: number; warning: string | null }
  | { id: number; ok: false; message: string };

/** What the page needs of a Worker (tests pass a fake). */
export type CheckWorker = WorkerOf<CheckJob, CheckOutcome>;

/** What the worker's script needs of its global scope. */
export type CheckScope = ScopeOf<CheckJob, CheckOutcome>;

/** How long the worker is kept with no check due: a user who pauses over a passphrase finds it ready. */
export const CHECK_WORKER_IDLE_MS = 5 * 60_000;

/**
 * Checks in a worker started when warmed or at the first check, and ended `idleMs` after the last reply (or the
 * warming, with no check since); a worker that failed is replaced at the next check.
 */
export function checkInWorker(
  spawn: () => CheckWorker,
  timers: Timeouts = browserTimeouts,
  idleMs = CHECK_WORKER_IDLE_MS,
): Estimator {
  let worker: CheckWorker | null = null;
  let idle: unknown = null;
  let nextId = 0;
  const due = new Map<number, { resolve: (estimate: Estimate) => void; reject: (error: Error) => void }>();

  const end = () => {
    worker?.terminate();
    worker = null;
  };
  const failAll = (why: string) => {
    const waiting = [...due.values()];
    due.clear();
    end();
    for (const job of waiting) job.reject(new Error(why));
  };
  const stopIdle = () => {
    if (idle !== null) timers.clear(idle);
    idle = null;
  };
  const rest = () => {
    stopIdle();
    idle = timers.set(end, idleMs);
  };
  const start = (): CheckWorker => {
    const started = spawn();
    started.onmessage = ({ data }) => {
      const job = due.get(data.id);
      if (!job) return;
      due.delete(data.id);
      if (data.ok) job.resolve({ guesses: data.guesses, warning: data.warning });
      else job.reject(new Error(`The passphrase estimate failed: ${data.message}`));
      if (due.size === 0) rest();
    };
    started.onerror = (event) => failAll(`The passphrase estimator failed: ${event.message ?? 'it did not start'}`);
    return started;
  };

  const check: PassphraseCheck = (passphrase, userInputs) =>
    new Promise((resolve, reject) => {
      stopIdle();
      worker ??= start();
      const id = nextId++;
      due.set(id, { resolve, reject });
      worker.postMessage({ id, passphrase, userInputs });
    });
  const warm = () => {
    if (worker) return;
    try {
      worker = start();
    } catch {
      return; // The check asked for next starts one again, and fails saying why.
    }
    rest(); // Nothing is due without a worker.
  };
  return { check, warm };
}

/** The worker's side: answers each job with `check`'s estimate or why there is none. */
export function serveChecks(scope: CheckScope, check: PassphraseCheck): void {
  scope.onmessage = ({ data: { id, passphrase, userInputs } }) => {
    check(passphrase, userInputs).then(
      ({ guesses, warning }) => scope.postMessage({ id, ok: true, guesses, warning }),
      (err: unknown) => scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) }),
    );
  };
}
