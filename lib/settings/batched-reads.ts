// One storage call for the reads the worker makes together. A woken worker reads a dozen stored items
// (each item of the registry one or more times, lib/settings/registry.ts) on the way to its first reply;
// every `get` is a round trip to the browser, and under load each costs. Reads of keys asked within a few
// microtask turns of each other were concurrent anyway, so they go out as one `get([...])` per area and
// each caller receives its keys. Anything else (a callback, `get()` of everything, defaults) goes
// through unchanged, and so does every write.
// A woken worker also reads, at its start, every key it reads on its way to its first reply (WAKE_KEYS):
// one call per area while the script is still evaluating, instead of one per await in a chain of them.
// Reads of those keys are then answered from that read, until the worker writes to the area, the area
// changes (another page wrote) or a moment passes: a read it answers is one that could have been made at
// its start, and no write or change has happened since.

import { popupLastQuery } from '../popup/last-query';
import { extensionStorage } from './early-read';
import { registry, storedKeys } from './registry';

type Values = Record<string, unknown>;

export interface ReadArea {
  get(keys?: unknown, ...rest: unknown[]): Promise<Values> | undefined;
  set?(...args: unknown[]): unknown;
  remove?(...args: unknown[]): unknown;
  clear?(...args: unknown[]): unknown;
  onChanged?: {
    addListener(listener: () => void): void;
    removeListener(listener: () => void): void;
  };
}

/**
 * What a woken worker reads on its way to its first reply (`status.get`) and as its script runs, with wxt's
 * `$` version records (tests/settings/batched-reads.test.ts checks nothing else is read before that reply;
 * `READS=1 npx tsx bench/worker-wake-probe.ts` lists a real wake's storage calls).
 */
export const WAKE_KEYS = storedKeys([
  registry.connection,
  registry.alerts,
  registry.listAlerts,
  registry.prefs,
  registry.recentLookups,
  registry.loginEncryption,
  registry.chosenAccounts,
  registry.permits,
  registry.pinnedEpic,
  registry.reconciliationLock,
  registry.vault,
  registry.vaultFailures,
  registry.vaultNotice,
  registry.sessionSecrets,
  registry.sessionTokens,
  registry.vaultKey,
  registry.sessionPermits,
  registry.rateBudgets,
  popupLastQuery,
]);

/** How long the start's read answers reads of its keys, at most (a wake's first reply comes well before). */
export const WAKE_READ_MS = 1000;

/** How many idle microtask turns a batch waits for more reads before it goes. */
const IDLE_TURNS = 3;
/** A batch goes after this many turns even while reads keep coming. */
const MAX_TURNS = 20;

const BATCHED = Symbol('marketside.batchedReads');

/** Makes `area.get(key | keys)` join the other reads asked in the same moment (see above); returns the undo. */
export function batchReads(area: ReadArea, atStart: readonly string[] = []): () => void {
  const marked = area as ReadArea & { [BATCHED]?: true };
  if (marked[BATCHED]) return () => undefined;
  const own = Object.getOwnPropertyDescriptor(area, 'get');
  const get = area.get.bind(area);
  const start = readAtStart(area, get, atStart);
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
        for (const b of batch) b.done(pick(values, b.keys));
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
    const kept = start.answer(list as string[]);
    if (kept) return kept;
    return new Promise<Values>((done, failed) => {
      if (pending.length === 0) wait(0, 0, asked + 1);
      pending.push({ keys: list as string[], done, failed });
      asked++;
    });
  };
  marked[BATCHED] = true;
  return () => {
    start.forget();
    start.undo();
    delete marked[BATCHED];
    if (own) Object.defineProperty(area, 'get', own);
    else delete (area as Partial<ReadArea>).get;
  };
}

const pick = (values: Values, keys: string[]): Values => {
  const out: Values = {};
  for (const k of keys) if (values && k in values) out[k] = values[k];
  return out;
};

/** The read of `keys` at the start (see above): `answer` serves reads of its keys while it holds. */
function readAtStart(area: ReadArea, get: ReadArea['get'], keys: readonly string[]) {
  const undos: (() => void)[] = [];
  let held: { keys: Set<string>; values: Promise<Values> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const forget = () => {
    if (!held) return;
    held = null;
    clearTimeout(timer);
    area.onChanged?.removeListener(forget);
  };
  if (keys.length > 0) {
    try {
      const values = Promise.resolve(get([...keys]) as Promise<Values>);
      // A failed read answers nothing: its keys are read again, the usual way.
      values.catch(() => {
        if (held?.values === values) forget();
      });
      held = { keys: new Set(keys), values };
      area.onChanged?.addListener(forget);
      timer = setTimeout(forget, WAKE_READ_MS);
      // Any write to the area ends it: a read after a write must see the write.
      for (const name of ['set', 'remove', 'clear'] as const) {
        const write = area[name];
        if (typeof write !== 'function') continue;
        const ownWrite = Object.getOwnPropertyDescriptor(area, name);
        area[name] = (...args: unknown[]) => {
          forget();
          return write.apply(area, args);
        };
        undos.push(() => {
          if (ownWrite) Object.defineProperty(area, name, ownWrite);
          else delete area[name];
        });
      }
    } catch {
      forget();
    }
  }
  return {
    answer(list: string[]): Promise<Values> | null {
      const now = held;
      if (!now || !list.every((k) => now.keys.has(k))) return null;
      return now.values.then(
        (values) => pick(values, list),
        () => get(list) as Promise<Values>,
      );
    },
    forget,
    undo: () => {
      for (const u of undos) u();
    },
  };
}

/**
 * Batches the reads of the extension's own storage areas (those wxt's storage reaches) and starts the
 * read of `atStart`'s keys in each; returns the undo.
 */
export function batchStorageReads(
  storage: object | null = extensionStorage(),
  atStart: Partial<Record<'local' | 'session', readonly string[]>> = {},
): () => void {
  const undo: (() => void)[] = [];
  for (const name of ['local', 'session'] as const) {
    const area = (storage as Record<string, ReadArea | undefined> | null)?.[name];
    if (!area) continue;
    try {
      undo.push(batchReads(area, atStart[name]));
    } catch {
      // A browser whose storage methods cannot be replaced reads key by key, as before.
    }
  }
  return () => {
    for (const u of undo) u();
  };
}
