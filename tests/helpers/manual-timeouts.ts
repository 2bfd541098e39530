// Timers a test runs by hand, on a clock of its own: `advance(ms)` moves the clock on a millisecond at a time and
// runs each timer as it falls due, including those its callbacks set.
import type { Timeouts } from '../../lib/timeouts';

export class ManualTimeouts implements Timeouts {
  now = 0;
  private queue = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  set(fn: () => void, ms: number) {
    const id = this.next++;
    this.queue.set(id, { at: this.now + ms, fn });
    return id;
  }
  clear(handle: unknown) {
    this.queue.delete(handle as number);
  }
  advance(ms: number) {
    for (let i = 0; i < ms; i++) {
      this.now++;
      for (const [id, t] of [...this.queue])
        if (t.at <= this.now) {
          this.queue.delete(id);
          t.fn();
        }
    }
  }
}
