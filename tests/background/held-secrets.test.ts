// The secrets the router redacts every reply with are held in memory (lib/background/routing/secrets.ts):
// read once while nothing changes, and read again after any write this worker asks for (while it is under way
// and once it is done, though the browser's change event comes later) or any change another page makes.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HandlerContext } from '../../lib/background/handlers/table';
import { keptSecrets, watchStorage } from '../../lib/background/routing/secrets';
import type { AccountParts } from '../../lib/background/wiring/account';
import { handlerRouter } from '../../lib/background/wiring/handlers';
import { registry } from '../../lib/settings/registry';

type Values = Record<string, unknown>;

/** A storage area as the browser's: writes resolve first, the change event follows in a later task. */
function area(values: Values) {
  const listeners = new Set<() => void>();
  const later = () =>
    setTimeout(() => {
      for (const l of listeners) l();
    });
  return {
    values,
    get: async (keys: string[]) => Object.fromEntries(keys.map((k) => [k, values[k]])),
    set: async (items: Values) => {
      await Promise.resolve();
      Object.assign(values, items);
      later();
    },
    remove: async (key: string) => {
      delete values[key];
      later();
    },
    /** Another page wrote: only the change event reaches this worker. */
    changedElsewhere(items: Values) {
      Object.assign(values, items);
      later();
    },
    onChanged: {
      addListener: (l: () => void) => listeners.add(l),
      removeListener: (l: () => void) => listeners.delete(l),
    },
  };
}

function held() {
  const storage = { local: area({ password: 'old-password' }), session: area({ token: 'old-token-1' }) };
  let reads = 0;
  const read = async () => {
    reads++;
    const [l, s] = await Promise.all([storage.local.get(['password']), storage.session.get(['token'])]);
    return [l.password, s.token].filter((x): x is string => typeof x === 'string');
  };
  const kept = keptSecrets(read, (changed) => watchStorage(storage, changed));
  return { storage, kept, reads: () => reads };
}

const tick = () => new Promise((r) => setTimeout(r));

describe('held secrets', () => {
  it('reads storage once for any number of replies while nothing changes', async () => {
    const { kept, reads } = held();
    for (let i = 0; i < 5; i++) expect(await kept.secrets()).toEqual(['old-password', 'old-token-1']);
    expect(reads()).toBe(1);
  });

  it("holds this worker's write from the moment it is done, before the browser's change event", async () => {
    const { storage, kept } = held();
    await kept.secrets();
    await storage.session.set({ token: 'new-token-22' });
    expect(await kept.secrets()).toContain('new-token-22');
    await storage.local.remove('password');
    expect(await kept.secrets()).toEqual(['new-token-22']);
  });

  it('does not keep a read made while a write was under way', async () => {
    const { storage, kept } = held();
    const writing = storage.session.set({ token: 'new-token-33' });
    expect(await kept.secrets()).toContain('old-token-1');
    await writing;
    expect(await kept.secrets()).toContain('new-token-33');
  });

  it("holds another page's change once the browser tells of it", async () => {
    const { storage, kept } = held();
    await kept.secrets();
    storage.local.changedElsewhere({ password: 'typed-elsewhere' });
    await tick();
    expect(await kept.secrets()).toContain('typed-elsewhere');
  });

  it('reads every time where the storage cannot be watched, and after stop', async () => {
    const frozen = { local: Object.freeze({ ...area({}) }) };
    expect(watchStorage(frozen, () => undefined)).toBeNull();
    let reads = 0;
    const unwatched = keptSecrets(
      async () => [`read-${++reads}`],
      (changed) => watchStorage(frozen, changed),
    );
    expect(await unwatched.secrets()).toEqual(['read-1']);
    expect(await unwatched.secrets()).toEqual(['read-2']);

    const { kept, reads: keptReads } = held();
    await kept.secrets();
    kept.stop();
    await kept.secrets();
    await kept.secrets();
    expect(keptReads()).toBe(3);
  });
});

describe("the router's redaction with held secrets", () => {
  beforeEach(() => fakeBrowser.reset());

  it('masks a token a handler has just written, in the reply of that very message', async () => {
    const ID = 'abcdefghijklmnop';
    const ORIGIN = `chrome-extension://${ID}/`;
    const fresh = 'CST-written-by-this-handler-0042';
    const { route, stop } = handlerRouter(
      {
        extensionId: ID,
        extensionOrigin: ORIGIN,
        plugins: [
          {
            name: 'echo',
            handlers: {
              'connection.get': async () => ({ note: 'nothing yet' }) as never,
              'status.get': async () => {
                await registry.sessionTokens.setValue({ version: 2, cst: fresh } as never);
                return { note: `token ${fresh}` } as never;
              },
            },
          },
        ],
      },
      {} as AccountParts,
    );
    const msg = (type: string) => ({ id: 1, type, data: {}, timestamp: Date.now() });
    const page = { id: ID, url: `${ORIGIN}popup.html` };
    await route(msg('connection.get'), page, {} as HandlerContext);
    const reply = await route(msg('status.get'), page, {} as HandlerContext);
    expect(JSON.stringify(reply)).not.toContain(fresh);
    expect(reply).toMatchObject({ ok: true, data: { note: 'token [redacted]' } });
    stop();
  });
});
