// What a page (or the event page) needs of a Worker that answers jobs, and what the worker's script needs of its
// global scope: the two sides of lib/vault's workers (argon2-worker.ts, estimate-worker.ts), which tests fake.

export interface WorkerOf<Job, Reply> {
  onmessage: ((event: { data: Reply }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  postMessage(job: Job): void;
  terminate(): void;
}

export interface ScopeOf<Job, Reply> {
  onmessage: ((event: { data: Job }) => void) | null;
  postMessage(reply: Reply): void;
}
