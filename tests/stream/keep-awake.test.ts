import { describe, expect, it } from 'vitest';
import { AWAKE, keepAwake, keepPortAwake } from '../../lib/stream/keep-awake';

function manualTimers() {
  const queue = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  let now = 0;
  return {
    set: (fn: () => void, ms: number) => {
      queue.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (h: unknown) => void queue.delete(h as number),
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...queue].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    pending: () => queue.size,
  };
}

describe('keepAwake', () => {
  it('sends at once and then every interval, well inside Firefox’s 30 s idle limit', () => {
    const timers = manualTimers();
    let sent = 0;
    keepAwake(() => sent++, timers, 10_000);
    expect(sent).toBe(1);
    timers.advance(29_999);
    expect(sent).toBe(3);
    timers.advance(1);
    expect(sent).toBe(4);
  });

  it('sends nothing more once stopped, and leaves no timer behind', () => {
    const timers = manualTimers();
    let sent = 0;
    const stop = keepAwake(() => sent++, timers, 10_000);
    timers.advance(10_000);
    stop();
    timers.advance(60_000);
    expect(sent).toBe(2);
    expect(timers.pending()).toBe(0);
  });
});

describe('keepPortAwake', () => {
  it('does not throw when the Port died before its onDisconnect stopped it, and posts again on a live one', () => {
    const timers = manualTimers();
    let dead = false;
    const posted: unknown[] = [];
    const port = {
      postMessage(message: unknown) {
        if (dead) throw new Error('Attempt to postMessage on disconnected port');
        posted.push(message);
      },
    };
    keepPortAwake(port, timers, 10_000);
    dead = true;
    expect(() => timers.advance(10_000)).not.toThrow();
    dead = false;
    timers.advance(10_000);
    expect(posted).toEqual([AWAKE, AWAKE]);
  });
});
