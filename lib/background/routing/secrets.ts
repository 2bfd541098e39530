// The credentials, tokens and vault key the background holds right now, so the router can prove no reply
// carries one. They are read once and held in memory until storage may hold others: any change to an area
// (another page wrote) and every write this worker asks for, both when it is asked and when it is done (a
// read in between may still see the old value). A reply is redacted with what storage holds after its
// handler's writes, as when every reply read them, without the reads.
import type { registry } from '../../settings/registry';
import { secretsInUse } from '../session/remembered';

const TOKEN_FIELDS = ['cst', 'securityToken', 'accessToken', 'refreshToken'];

export async function heldSecrets(r: typeof registry): Promise<string[]> {
  const [conn, session, tokens, key, remembered] = await Promise.all([
    r.connection.getValue(),
    r.sessionSecrets.getValue(),
    r.sessionTokens.getValue(),
    r.vaultKey.getValue(),
    secretsInUse(),
  ]);
  const out = [
    conn.apiKey,
    conn.password,
    session.apiKey,
    session.password,
    key,
    remembered.apiKey,
    remembered.password,
  ];
  for (const field of TOKEN_FIELDS) {
    const value = tokens?.[field];
    if (typeof value === 'string') out.push(value);
  }
  return out.filter((s): s is string => typeof s === 'string' && s.length >= 4);
}

interface WatchedArea {
  set?(...args: unknown[]): unknown;
  remove?(...args: unknown[]): unknown;
  clear?(...args: unknown[]): unknown;
  onChanged?: { addListener(listener: () => void): void };
}

const LISTENERS = Symbol('marketside.storageChanges');
type Marked = WatchedArea & { [LISTENERS]?: Set<() => void> };

/**
 * Calls `changed` whenever an area of `storage` may hold other values (see above); returns the undo, or null
 * when this browser's storage cannot be watched so (then nothing may be held).
 */
export function watchStorage(storage: object | null, changed: () => void): (() => void) | null {
  const sets: Set<() => void>[] = [];
  for (const name of ['local', 'session'] as const) {
    const area = (storage as Record<string, Marked | undefined> | null)?.[name];
    if (!area) continue;
    const listeners = area[LISTENERS] ?? hookArea(area);
    if (!listeners) return null;
    listeners.add(changed);
    sets.push(listeners);
  }
  if (sets.length === 0) return null;
  return () => {
    for (const s of sets) s.delete(changed);
  };
}

/** Hooks an area's writes and changes once for every watcher (so hooks never nest); null if it cannot. */
function hookArea(area: Marked): Set<() => void> | null {
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const l of listeners) l();
  };
  if (!area.onChanged || typeof area.set !== 'function') return null;
  try {
    for (const name of ['set', 'remove', 'clear'] as const) {
      const write = area[name];
      if (typeof write !== 'function') continue;
      const hooked = (...args: unknown[]) => {
        tell();
        const callback = args.at(-1);
        if (typeof callback === 'function')
          args[args.length - 1] = (...results: unknown[]) => {
            tell();
            return callback(...results);
          };
        const done = write.apply(area, args);
        Promise.resolve(done).then(tell, tell);
        return done;
      };
      area[name] = hooked;
      if (area[name] !== hooked) return null;
    }
    area.onChanged.addListener(tell);
    area[LISTENERS] = listeners;
  } catch {
    return null;
  }
  return listeners;
}

/** The secrets, read when first asked and again only after `watch` reports storage may have changed. */
export function keptSecrets(
  read: () => Promise<string[]>,
  watch: (changed: () => void) => (() => void) | null,
): { secrets(): Promise<string[]>; stop(): void } {
  let held: Promise<string[]> | null = null;
  let stop = watch(() => {
    held = null;
  });
  return {
    secrets() {
      if (!stop) return read();
      if (held) return held;
      const reading = read();
      held = reading;
      // A failed read is not kept: the next reply reads again (and this one fails closed, as before).
      reading.catch(() => {
        if (held === reading) held = null;
      });
      return reading;
    },
    stop() {
      stop?.();
      stop = null;
      held = null;
    },
  };
}
