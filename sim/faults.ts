/** Faults injected on the next N matching requests, for tests. */
export type FaultAction =
  | { kind: 'error'; status: number; errorCode: string }
  | { kind: 'delay'; ms: number }
  /** The connection is destroyed and the request not processed. */
  | { kind: 'drop-before' }
  /** The request is processed (a deal executes), then the connection is destroyed before the reply. */
  | { kind: 'drop-after' }
  /** The request is processed and the reply body is broken (default: the real body truncated). */
  | { kind: 'malformed'; body?: string };

export interface FaultRule {
  method?: string;
  /** Regex source matched against the path after /gateway/deal, e.g. "^/positions/otc$". */
  path?: string;
  version?: number;
  count?: number;
  action: FaultAction;
}

interface Armed {
  rule: FaultRule;
  re: RegExp | undefined;
  remaining: number;
}

function validate(rule: FaultRule): void {
  const a = rule?.action as FaultAction | undefined;
  if (!a || typeof a !== 'object') throw new Error('fault rule needs an action');
  if (a.kind === 'error') {
    if (!Number.isInteger(a.status) || a.status < 100 || a.status > 599 || typeof a.errorCode !== 'string')
      throw new Error('error action needs status and errorCode');
  } else if (a.kind === 'delay') {
    if (typeof a.ms !== 'number' || a.ms < 0) throw new Error('delay action needs ms');
  } else if (a.kind === 'malformed') {
    if (a.body !== undefined && typeof a.body !== 'string') throw new Error('malformed body must be a string');
  } else if (a.kind !== 'drop-before' && a.kind !== 'drop-after') throw new Error('unknown fault kind');
  if (rule.count !== undefined && (!Number.isInteger(rule.count) || rule.count < 1))
    throw new Error('count must be >= 1');
}

export class FaultBook {
  private armed: Armed[] = [];

  add(rule: FaultRule): void {
    validate(rule);
    this.armed.push({
      rule,
      re: rule.path === undefined ? undefined : new RegExp(rule.path),
      remaining: rule.count ?? 1,
    });
  }

  /** The action of the first rule matching this request, consuming one of its uses. */
  take(method: string, path: string, version: number): FaultAction | undefined {
    for (const a of this.armed) {
      const r = a.rule;
      if (r.method !== undefined && r.method.toUpperCase() !== method) continue;
      if (r.version !== undefined && r.version !== version) continue;
      if (a.re && !a.re.test(path)) continue;
      a.remaining--;
      if (a.remaining <= 0) this.armed = this.armed.filter((x) => x !== a);
      return r.action;
    }
    return undefined;
  }

  list(): FaultRule[] {
    return this.armed.map((a) => ({ ...a.rule, count: a.remaining }));
  }

  clear(): void {
    this.armed = [];
  }
}
