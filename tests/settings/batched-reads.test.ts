// A woken worker's storage reads asked together go as one call per area (lib/settings/batched-reads.ts):
// each caller still gets exactly its keys, a failure reaches every caller, a write is seen by the next read,
// and an update from an older version still asks for a PIN.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusView } from '../../lib/messages/contract';
import { batchReads, batchStorageReads } from '../../lib/settings/batched-reads';
import { fakeBrowser, type SimHandle, startSim } from '../background/sim-setup';
import { ask, ok, vaultWorker, version2Connection } from '../vault/setup';

type Values = Record<string, unknown>;

/** A storage area that counts its calls. */
function countingArea(values: Values, fail = false) {
  const calls: unknown[] = [];
  const area = {
    get: async (keys?: unknown): Promise<Values> => {
      calls.push(keys);
      await Promise.resolve();
      if (fail) throw new Error('storage unavailable');
      const list = typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : Object.keys(values);
      return Object.fromEntries(list.filter((k) => k in values).map((k) => [k, values[k]]));
    },
  };
  return { area, calls };
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

  /** Counts the storage calls under the batching, as the browser would receive them. */
  function countCalls() {
    const counts = { local: 0, session: 0 };
    const undos: (() => void)[] = [];
    for (const name of ['local', 'session'] as const) {
      const area = fakeBrowser.storage[name] as unknown as { get: (...a: unknown[]) => Promise<Values> };
      const get = area.get;
      area.get = (...a: unknown[]) => {
        counts[name]++;
        return get.apply(area, a);
      };
      undos.push(() => {
        area.get = get;
      });
    }
    return {
      counts,
      undo: () => {
        for (const u of undos) u();
      },
    };
  }

  async function statusOfWokenWorker(batched: boolean) {
    fakeBrowser.reset();
    vi.resetModules();
    await fakeBrowser.storage.local.set(version2Connection(sim));
    const counter = countCalls();
    const unbatch = batched ? batchStorageReads(fakeBrowser.storage) : () => undefined;
    undo = () => {
      unbatch();
      counter.undo();
    };
    const bg = await vaultWorker();
    const status = ok(await ask<StatusView>(bg, 'status.get'));
    const calls = counter.counts.local + counter.counts.session;
    undo();
    return { status, calls };
  }

  it('an update from version 2 still asks for a PIN, with fewer storage calls before the first reply', async () => {
    const plain = await statusOfWokenWorker(false);
    const batched = await statusOfWokenWorker(true);
    expect(batched.status.vault).toEqual({ state: 'pin-needed', triesLeft: 5, notice: null });
    expect(batched.status).toEqual({ ...plain.status, budget: batched.status.budget });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain(sim.password);
    expect(batched.calls).toBeLessThan(plain.calls / 2);
  });
});
