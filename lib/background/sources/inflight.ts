// Identical requests in flight are shared: the second caller gets the first caller's promise.

export class Inflight {
  private readonly running = new Map<string, Promise<unknown>>();

  share<T>(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing as Promise<T>;
    const job = start().finally(() => {
      if (this.running.get(key) === job) this.running.delete(key);
    });
    this.running.set(key, job);
    return job;
  }

  get(key: string): Promise<unknown> | undefined {
    return this.running.get(key);
  }

  /** Register a promise under a key that did not start it (one batch answering many keys). */
  hold<T>(key: string, job: Promise<T>): Promise<T> {
    const tracked = job.finally(() => {
      if (this.running.get(key) === tracked) this.running.delete(key);
    });
    this.running.set(key, tracked);
    return tracked;
  }

  get size(): number {
    return this.running.size;
  }
}
