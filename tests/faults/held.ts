// Timeouts that only a held request meets, whatever the machine's load: the service holds the requests a
// 'delay' fault names (the fault stays armed in the simulator as always), and the clients' fetch lets the
// client's own short bound end only those, once the service has them. Any other request ignores the bound (it
// is not under test): a reply that took longer than the bound on a loaded machine is still a reply.
import type { FaultRule } from '../../sim/faults';
import type { SimHandle } from './helpers';

/** How long the service holds a held request: far past any bound, so that only the client's bound ends it. */
export const HELD_MS = 10_000;

interface Armed {
  method: string | undefined;
  re: RegExp;
  version: number | undefined;
  left: number;
}

export function heldRequests(sim: SimHandle) {
  let armed: Armed[] = [];
  const isHeld = (method: string, path: string, version: number) => {
    const rule = armed.find(
      (a) =>
        a.left > 0 &&
        (a.method === undefined || a.method === method) &&
        a.re.test(path) &&
        (a.version === undefined || a.version === version),
    );
    if (rule) rule.left--;
    return rule !== undefined;
  };
  /** Resolves once the service has logged a request to `path` after `mark` (bounded for a hang only). */
  const arrived = async (mark: number, path: string) => {
    const end = Date.now() + 10_000;
    while (!sim.control.requestLog(mark).some((e) => e.path === path) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 2));
    }
  };

  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/^\/gateway\/deal/, '') || '/';
    const headers = new Headers(init.headers);
    const method = (headers.get('_method') ?? init.method ?? 'GET').toUpperCase();
    const version = Number(headers.get('version') ?? 1);
    const bound = init.signal;
    if (!isHeld(method, path, version) || !bound) return globalThis.fetch(input, { ...init, signal: null });
    // The client's bound ends the request once the service holds it (not before it got there).
    const mark = sim.control.requestCount();
    const inner = new AbortController();
    const end = () => void arrived(mark, path).then(() => inner.abort(bound.reason));
    if (bound.aborted) end();
    else bound.addEventListener('abort', end, { once: true });
    return globalThis.fetch(input, { ...init, signal: inner.signal });
  };

  return {
    fetch,
    /** Arms `rule` in the service and, when it holds requests, here. */
    inject(rule: FaultRule): void {
      sim.control.injectFault(rule);
      if (rule.action.kind !== 'delay') return;
      const re = new RegExp(rule.path ?? '');
      armed.push({ method: rule.method?.toUpperCase(), re, version: rule.version, left: rule.count ?? 1 });
    },
    clear(): void {
      sim.control.clearFaults();
      armed = [];
    },
  };
}
