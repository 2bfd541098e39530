// The background's cache writer: whole entries written in one transaction, LRU bookkeeping, bounded
// stores, and a change callback so open pages hear what changed. Nothing here talks to the service.
import { createStore, del, delMany, get, getMany, promisifyRequest, setMany, type UseStore } from 'idb-keyval';
import type { CacheStoreName } from '../messages/contract';
import type { CacheEntry } from './entry';
import { evictionVictims, type Usage } from './eviction';
import { ENTRY_CAP } from './limits';
import { cacheStore } from './stores';

export interface CacheWriterOptions {
  now?: () => number;
  /** Called after a write commits, with the keys written (and, from `update`, the entries written). */
  onChange?: ChangeListener;
  caps?: Partial<Record<CacheStoreName, number>>;
  /** Opens a store; tests and benchmarks pass their own to isolate databases. */
  open?: (store: CacheStoreName) => UseStore;
}

export type ChangeListener = (
  store: CacheStoreName,
  keys: string[],
  entries?: ReadonlyMap<string, CacheEntry<unknown>>,
) => void;

/** Only re-record a use when the last one is older than this: reads stay reads most of the time. */
const TOUCH_GRANULARITY_MS = 60_000;

export class CacheWriterImpl {
  private readonly now: () => number;
  private readonly onChange: ChangeListener;
  private readonly caps: Record<CacheStoreName, number>;
  private readonly open: (store: CacheStoreName) => UseStore;
  private readonly evicting = new Map<CacheStoreName, Promise<number>>();

  constructor(options: CacheWriterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.onChange = options.onChange ?? (() => {});
    this.caps = { ...ENTRY_CAP, ...options.caps };
    this.open = options.open ?? cacheStore;
  }

  store(name: CacheStoreName): UseStore {
    return this.open(name);
  }

  async get<T>(store: CacheStoreName, key: string): Promise<CacheEntry<T> | undefined> {
    const entry = await get<CacheEntry<T>>(key, this.open(store));
    if (entry && this.now() - entry.lastUsed > TOUCH_GRANULARITY_MS) void this.touch(store, [key]);
    return entry;
  }

  async getMany<T>(store: CacheStoreName, keys: string[]): Promise<(CacheEntry<T> | undefined)[]> {
    if (keys.length === 0) return [];
    const entries = await getMany<CacheEntry<T> | undefined>(keys, this.open(store));
    const now = this.now();
    const old = keys.filter((_, i) => {
      const e = entries[i];
      return e !== undefined && now - e.lastUsed > TOUCH_GRANULARITY_MS;
    });
    if (old.length) void this.touch(store, old);
    return entries;
  }

  async put<T>(store: CacheStoreName, key: string, value: T, fetchedAt?: number): Promise<void> {
    await this.putMany(store, [{ key, value, fetchedAt }]);
  }

  async putMany<T>(store: CacheStoreName, items: { key: string; value: T; fetchedAt?: number | undefined }[]) {
    if (items.length === 0) return;
    const now = this.now();
    await setMany(
      items.map((i) => [i.key, { value: i.value, fetchedAt: i.fetchedAt ?? now, lastUsed: now }]),
      this.open(store),
    );
    this.changed(
      store,
      items.map((i) => i.key),
    );
  }

  /**
   * Read-modify-write of several entries in one transaction. `fn` gets the current entry and returns the
   * whole new entry (or undefined to leave it alone); a reader never sees half an update.
   */
  async update<T, E extends CacheEntry<T> = CacheEntry<T>>(
    store: CacheStoreName,
    keys: string[],
    fn: (key: string, current: E | undefined) => E | undefined,
  ): Promise<void> {
    if (keys.length === 0) return;
    const written = new Map<string, E>();
    await this.open(store)('readwrite', (os) => {
      for (const key of keys) {
        const req = os.get(key);
        req.onsuccess = () => {
          const next = fn(key, req.result as E | undefined);
          if (next !== undefined) {
            os.put(next, key);
            written.set(key, next);
          }
        };
      }
      return promisifyRequest(os.transaction);
    });
    if (written.size) this.changed(store, [...written.keys()], written);
  }

  async remove(store: CacheStoreName, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    if (keys.length === 1) await del(keys[0] as string, this.open(store));
    else await delMany(keys, this.open(store));
    this.onChange(store, keys);
  }

  /** Record a use without changing the value. */
  async touch(store: CacheStoreName, keys: string[]): Promise<void> {
    const now = this.now();
    await this.open(store)('readwrite', (os) => {
      for (const key of keys) {
        const req = os.get(key);
        req.onsuccess = () => {
          const entry = req.result as CacheEntry<unknown> | undefined;
          if (entry && entry.lastUsed < now) os.put({ ...entry, lastUsed: now }, key);
        };
      }
      return promisifyRequest(os.transaction);
    });
  }

  async count(store: CacheStoreName): Promise<number> {
    return this.open(store)('readonly', (os) => promisifyRequest(os.count()));
  }

  /** Drop the least recently used entries beyond the store's cap; returns how many went. */
  evict(store: CacheStoreName, keep: ReadonlySet<string> = new Set()): Promise<number> {
    const running = this.evicting.get(store);
    if (running) return running;
    const job = this.evictNow(store, keep).finally(() => this.evicting.delete(store));
    this.evicting.set(store, job);
    return job;
  }

  private async evictNow(store: CacheStoreName, keep: ReadonlySet<string>): Promise<number> {
    const cap = this.caps[store];
    if ((await this.count(store)) <= cap) return 0;
    const usage: Usage[] = [];
    await this.open(store)('readonly', (os) => {
      const req = os.openCursor();
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return;
        usage.push({ key: String(cursor.key), lastUsed: (cursor.value as CacheEntry<unknown>).lastUsed ?? 0 });
        cursor.continue();
      };
      return promisifyRequest(os.transaction);
    });
    const victims = evictionVictims(usage, cap, keep);
    if (victims.length) await delMany(victims, this.open(store));
    return victims.length;
  }

  private changed(store: CacheStoreName, keys: string[], entries?: ReadonlyMap<string, CacheEntry<unknown>>) {
    this.onChange(store, keys, entries);
    // Let a store overshoot its cap by a tenth before paying for a sweep.
    const cap = this.caps[store];
    void this.count(store).then((n) => {
      if (n > cap + Math.ceil(cap / 10)) void this.evict(store);
    });
  }
}

export function isolatedStores(prefix: string): (store: CacheStoreName) => UseStore {
  const opened = new Map<CacheStoreName, UseStore>();
  return (name) => {
    let s = opened.get(name);
    if (!s) {
      s = createStore(`${prefix}-${name}`, 'entries');
      opened.set(name, s);
    }
    return s;
  };
}
