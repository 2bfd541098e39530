// A woken worker's storage reads asked together go as one call per area (lib/settings/batched-reads.ts):
// each caller still gets exactly its keys, a failure reaches every caller, a write is seen by the next read,
// and an update from an older version still asks for a PIN.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusView } from '../../lib/messages/contract';
import { popupLastQuery } from '../../lib/popup/last-query';
import { batchReads, batchStorageReads, WAKE_KEYS, WAKE_READ_MS } from '../../lib/settings/batched-reads';
import { registry } from '../../lib/settings/registry';
import { fakeBrowser, type SimHandle, startSim } from '../background/sim-setup';
import { ask, ok, vaultWorker, version2Connection } from '../vault/setup';

type Values = Record<string, unknown>;

/** A storage area that counts its calls, with writes and change listeners as the browser's. */
function countingArea(values: Values, fail = false) {
  const calls: unknown[] = [];
  const listeners = new Set<() => void>();
  const area = {
    get: async (keys?: unknown): Promise<Values> => {
      calls.push(keys);
      await Promise.resolve();
      if (fail) throw new Error('storage unavailable');
      const list = typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : Object.keys(values);
      return Object.fromEntries(list.filter((k) => k in values).map((k) => [k, values[k]]));
    },
    set: async (items: Values) => {
      Object.assign(values, items);
      // The browser tells the listeners later, as it does: a read right after the write comes first.
      setTimeout(() => {
        for (const l of listeners) l();
      });
    },
    onChanged: {
      addListener: (l: () => void) => listeners.add(l),
      removeListener: (l: () => void) => listeners.delete(l),
    },
  };
  /** Another page's write: the area changes without this area object's `set`. */
  const changeElsewhere = (items: Values) => {
    Object.assign(values, items);
    for (const l of listeners) l();
  };
  return { area, calls, listeners, changeElsewhere };
}

const after = async <T>(turns: number, read: () => Promise<T>): Promise<T> => {
  for (let i = 0; i < turns; i++) await Promise.resolve();
  return read();
};

describe('batchReads', () => {
  it('sends reads asked within a few turns of each other as one call, each caller getting its own keys', async () => {
    const { area, calls } = countingArea({ a: 1, b: 2, c: 3 });
    batchReads(area);
    const [one, two, three, missing] = await Promise.all([
      area.get('a'),
      area.get(['b', 'a']),
      after(2, () => area.get('c')),
      area.get('none'),
    ]);
    expect(calls).toEqual([['a', 'b', 'none', 'c']]);
    expect(one).toEqual({ a: 1 });
    expect(two).toEqual({ b: 2, a: 1 });
    expect(three).toEqual({ c: 3 });
    expect(missing).toEqual({});
  });

  it('reads asked after the answer go in a new call and see what was written meanwhile', async () => {
    const values: Values = { a: 1 };
    const { area, calls } = countingArea(values);
    batchReads(area);
    expect(await area.get('a')).toEqual({ a: 1 });
    values.a = 2;
    expect(await area.get('a')).toEqual({ a: 2 });
    expect(calls).toHaveLength(2);
  });

  it('a failed read fails every caller of its call', async () => {
    const { area } = countingArea({ a: 1 }, true);
    batchReads(area);
    const reads = [area.get('a'), area.get(['b'])];
    for (const r of reads) await expect(r).rejects.toThrow('storage unavailable');
  });

  it('leaves reads of everything alone, and the undo puts the area back', async () => {
    const { area, calls } = countingArea({ a: 1 });
    const original = area.get;
    const undo = batchReads(area);
    expect(await area.get()).toEqual({ a: 1 });
    expect(calls).toEqual([undefined]);
    undo();
    expect(area.get).toBe(original);
  });
});

describe('the keys read at the start', () => {
  it("are the registry's items' own keys, each versioned one's with its version record", () => {
    const known = new Set([...Object.values(registry), popupLastQuery].map((item) => item.key));
    for (const area of ['local', 'session'] as const)
      for (const key of WAKE_KEYS[area]) {
        const name = `${area}:${key.replace(/\$$/, '')}`;
        expect(known).toContain(name);
        if (key.endsWith('$')) expect(WAKE_KEYS[area]).toContain(key.slice(0, -1));
      }
    expect(WAKE_KEYS.local).toEqual(expect.arrayContaining(['connection', 'connection$', 'vault', 'vault$']));
    expect(WAKE_KEYS.session).toEqual(expect.arrayContaining(['tokens', 'popupLastQuery']));
  });
});

describe('the read at the start', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the reads of its keys with no call of their own, each caller getting its own keys', async () => {
    const { area, calls } = countingArea({ a: 1, b: 2, c: 3 });
    batchReads(area, ['a', 'b', 'z']);
    expect(await area.get('a')).toEqual({ a: 1 });
    expect(await area.get(['b', 'z'])).toEqual({ b: 2 });
    expect(await area.get('c')).toEqual({ c: 3 });
    expect(calls).toEqual([['a', 'b', 'z'], ['c']]);
  });

  it('a read after the worker writes sees the write', async () => {
    const { area, calls } = countingArea({ a: 1 });
    batchReads(area, ['a']);
    await area.set({ a: 2 });
    expect(await area.get('a')).toEqual({ a: 2 });
    expect(calls).toHaveLength(2);
  });

  it('a read after another page changed the area sees the change, and the listener is gone', async () => {
    const { area, listeners, changeElsewhere } = countingArea({ a: 1 });
    batchReads(area, ['a']);
    expect(await area.get('a')).toEqual({ a: 1 });
    changeElsewhere({ a: 2 });
    expect(await area.get('a')).toEqual({ a: 2 });
    expect(listeners.size).toBe(0);
  });

  it('answers nothing after a moment, and leaves no listener behind', async () => {
    vi.useFakeTimers();
    const values: Values = { a: 1 };
    const { area, listeners } = countingArea(values);
    batchReads(area, ['a']);
    expect(listeners.size).toBe(1);
    vi.advanceTimersByTime(WAKE_READ_MS);
    expect(listeners.size).toBe(0);
    values.a = 2;
    vi.useRealTimers();
    expect(await area.get('a')).toEqual({ a: 2 });
  });

  it('when it fails, its keys are read again', async () => {
    let fail = true;
    const values: Values = { a: 1 };
    const calls: unknown[] = [];
    const area = {
      get: async (keys?: unknown) => {
        calls.push(keys);
        if (fail) throw new Error('storage unavailable');
        return { a: values.a };
      },
    };
    batchReads(area, ['a']);
    fail = false;
    expect(await area.get('a')).toEqual({ a: 1 });
    expect(calls).toEqual([['a'], ['a']]);
  });
});

describe('a woken worker with its reads batched', () => {
  let sim: SimHandle;
  let undo: () => void = () => undefined;
  beforeAll(async () => {
    sim = await startSim({ seed: 4 });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    fakeBrowser.reset();
    vi.resetModules();
  });
  afterEach(() => undo());

  /** Counts the storage calls under the batching, as the browser would receive them, and the keys read. */
  function countCalls() {
    const counts = { local: 0, session: 0 };
    const keys = { local: new Set<string>(), session: new Set<string>() };
    const undos: (() => void)[] = [];
    for (const name of ['local', 'session'] as const) {
      const area = fakeBrowser.storage[name] as unknown as { get: (...a: unknown[]) => Promise<Values> };
      const get = area.get;
      area.get = (...a: unknown[]) => {
        counts[name]++;
        for (const k of typeof a[0] === 'string' ? [a[0]] : Array.isArray(a[0]) ? a[0] : ['(everything)'])
          keys[name].add(String(k));
        return get.apply(area, a);
      };
      undos.push(() => {
        area.get = get;
      });
    }
    return {
      counts,
      keys,
      undo: () => {
        for (const u of undos) u();
      },
    };
  }

  /** A worker woken over version 2's storage (`again`: over what a first worker left of it, updated). */
  async function statusOfWokenWorker(batched: boolean, atStart = {}, again = false) {
    fakeBrowser.reset();
    vi.resetModules();
    await fakeBrowser.storage.local.set(version2Connection(sim));
    if (again) {
      ok(await ask<StatusView>(await vaultWorker(), 'status.get'));
      vi.resetModules();
    }
    const counter = countCalls();
    const unbatch = batched ? batchStorageReads(fakeBrowser.storage, atStart) : () => undefined;
    undo = () => {
      unbatch();
      counter.undo();
    };
    const bg = await vaultWorker();
    const status = ok(await ask<StatusView>(bg, 'status.get'));
    const calls = counter.counts.local + counter.counts.session;
    undo();
    return { status, calls, keys: counter.keys };
  }

  it('an update from version 2 still asks for a PIN, with fewer storage calls before the first reply', async () => {
    const plain = await statusOfWokenWorker(false);
    const batched = await statusOfWokenWorker(true);
    expect(batched.status.vault).toEqual({ state: 'pin-needed', triesLeft: 5, notice: null });
    expect(batched.status).toEqual({ ...plain.status, budget: batched.status.budget });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain(sim.password);
    expect(batched.calls).toBeLessThan(plain.calls / 2);
  });

  it('reads what its first reply needs in one call per area, and nothing else before that reply', async () => {
    const plain = await statusOfWokenWorker(false);
    const woken = await statusOfWokenWorker(true, WAKE_KEYS);
    expect(woken.status.vault).toEqual({ state: 'pin-needed', triesLeft: 5, notice: null });
    expect(woken.status).toEqual({ ...plain.status, budget: woken.status.budget });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain(sim.password);
    // Woken again after that update: nothing to write, so the start's read answers every read.
    const unread = await statusOfWokenWorker(false, {}, true);
    const again = await statusOfWokenWorker(true, WAKE_KEYS, true);
    expect(again.status).toEqual({ ...unread.status, budget: again.status.budget });
    expect(again.calls).toBe(2);
    for (const run of [plain, unread])
      for (const name of ['local', 'session'] as const)
        expect([...run.keys[name]].filter((k) => !(WAKE_KEYS[name] as readonly string[]).includes(k))).toEqual([]);
  });
});
