// Firefox runs its event page on the main thread of the process that runs every extension page. A key
// derivation there (about a second; many on a loaded machine) freezes the settings page, the popup and the
// sidebar meanwhile, and Firefox, which sees no activity from the busy event page, may suspend it before it
// replies: the page's pings (lib/messages/settled-send.ts) cannot reach a thread that is computing. In a
// worker the event page stays free to answer them.
import type { Argon2, Argon2Job } from './argon2';
import type { ScopeOf, WorkerOf } from './worker-channel';

export type Argon2Outcome = { ok: true; key: Uint8Array<ArrayBuffer> } | { ok: false; message: string };

/** What the event page needs of a Worker (tests pass a fake). */
export type WorkerLike = WorkerOf<Argon2Job, Argon2Outcome>;

/** What the worker's script needs of its global scope. */
export type WorkerScope = ScopeOf<Argon2Job, Argon2Outcome>;

/** Derives each key in a new worker, which is ended when it replies (it holds the derivation's memory). */
export function argon2InWorker(spawn: () => WorkerLike): Argon2 {
  return (job) =>
    new Promise((resolve, reject) => {
      const worker = spawn();
      const end = (settle: () => void) => {
        worker.terminate();
        settle();
      };
      worker.onmessage = ({ data }) =>
        end(() => (data.ok ? resolve(data.key) : reject(new Error(`Key derivation failed: ${data.message}`))));
      worker.onerror = (event) =>
        end(() => reject(new Error(`Key derivation worker failed: ${event.message ?? 'it did not start'}`)));
      worker.postMessage(job);
    });
}

/** The worker's side: derives each job it is sent with `argon2` and posts the key or why not. */
export function serveArgon2(scope: WorkerScope, argon2: Argon2): void {
  scope.onmessage = ({ data }) => {
    argon2(data).then(
      (key) => scope.postMessage({ ok: true, key }),
      (err: unknown) => scope.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
    );
  };
}
