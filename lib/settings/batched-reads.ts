// One storage call for the reads the worker makes together. A woken worker reads a dozen stored items
// (each item of the registry one or more times, lib/settings/registry.ts) on the way to its first reply;
// every `get` is a round trip to the browser, and under load each costs. Reads of keys asked within a few
// microtask turns of each other were concurrent anyway, so they go out as one `get([...])` per area and
// each caller receives its keys. Anything else (a callback, `get()` of everything, defaults) goes
// through unchanged, and so does every write.

import { extensionStorage } from './early-read';

type Values = Record<string, unknown>;

export interface ReadArea {
  get(keys?: unknown, ...rest: unknown[]): Promise<Values> | undefined;
}

/** How many idle microtask turns a batch waits for more reads before it goes. */
const IDLE_TURNS = 3;
/** A batch goes after this many turns even while reads keep coming. */
const MAX_TURNS = 20;

const BATCHED = Symbol('marketside.batchedReads');

/** Makes `area.get(key | keys)` join the other reads asked in the same moment (see above); returns the undo. */
export function batchReads(area: ReadArea): () => void {
  const marked = area as ReadArea & { [BATCHED]?: true };
  if (marked[BATCHED]) return () => undefined;
  const own = Object.getOwnPropertyDescriptor(area, 'get');
  const get = area.get.bind(area);
  let pending: { keys: string[]; done: (v: Values) => void; failed: (e: unknown) => void }[] = [];
  let asked = 0;

  const send = () => {
    const batch = pending;
    pending = [];
    const keys = [...new Set(batch.flatMap((b) => b.keys))];
    let read: Promise<Values>;
    try {
      read = Promise.resolve(get(keys) as Promise<Values>);
    } catch (err) {
      read = Promise.reject(err);
    }
    read.then(
      (values) => {
        for (const b of batch) {
          const own: Values = {};
          for (const k of b.keys) if (values && k in values) own[k] = values[k];
          b.done(own);
        }
      },
      (err) => {
        for (const b of batch) b.failed(err);
      },
    );
  };

  // Waits turn by turn while reads keep arriving, then sends them together.
  const wait = (turn: number, idle: number, seen: number) => {
    queueMicrotask(() => {
      const quiet = asked === seen ? idle + 1 : 0;
      if (quiet >= IDLE_TURNS || turn >= MAX_TURNS) send();
      else wait(turn + 1, quiet, asked);
    });
  };

  area.get = (keys?: unknown, ...rest: unknown[]) => {
    const list = typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : null;
    if (!list || rest.length > 0 || !list.every((k) => typeof k === 'string')) return get(keys, ...rest);
    return new Promise<Values>((done, failed) => {
      if (pending.length === 0) wait(0, 0, asked + 1);
      pending.push({ keys: list as string[], done, failed });
      asked++;
    });
  };
  marked[BATCHED] = true;
  return () => {
    delete marked[BATCHED];
    if (own) Object.defineProperty(area, 'get', own);
    else delete (area as Partial<ReadArea>).get;
  };
}

/** Batches the reads of the extension's own storage areas (those wxt's storage reaches); returns the undo. */
export function batchStorageReads(storage: object | null = extensionStorage()): () => void {
  const undo: (() => void)[] = [];
  for (const name of ['local', 'session'] as const) {
    const area = (storage as Record<string, ReadArea | undefined> | null)?.[name];
    if (!area) continue;
    try {
      undo.push(batchReads(area));
    } catch {
      // A browser whose storage methods cannot be replaced reads key by key, as before.
    }
  }
  return () => {
    for (const u of undo) u();
  };
}
