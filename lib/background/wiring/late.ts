// A part built after the parts that call it. The background's parts form a loop (the stream writes the cache,
// whose changes it hears; the pages' watch moves the engine, whose throttle the status shows), so the parts
// built first are given this and reach the later ones through it once they are set, never before.
import type { RefreshEngine } from '../../engine/refresh-engine';
import type { LiveHub } from '../stream/live-hub';
import type { LiveStream } from '../stream/live-stream';

export interface Late<T> {
  get(): T;
  set(value: T): void;
}

export function late<T>(what: string): Late<T> {
  let held: { value: T } | null = null;
  return {
    get() {
      if (!held) throw new Error(`${what}: not built yet`);
      return held.value;
    },
    set(value) {
      if (held) throw new Error(`${what}: built twice`);
      held = { value };
    },
  };
}

/** A promise and the call that settles it (once; later calls do nothing). */
export function signal(): { settled: Promise<void>; fire(): void } {
  let fire: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { settled, fire: () => fire() };
}

/** The pages' live ports, the refresh engine and the stream (null where prices are polled). */
export interface LiveParts {
  hub: LiveHub;
  engine: RefreshEngine;
  stream: LiveStream | null;
}
