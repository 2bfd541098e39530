import Router from 'find-my-way';
import type { Route } from './http';

export type Lookup =
  | { kind: 'found'; route: Route; params: Record<string, string | undefined> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * Which spellings the gateway answers (reference §0.1): `spec` the spec's `/working-orders…` and
 * `/client-sentiment…`, `ig` IG's `/workingorders…` and `/clientsentiment…`, `both` either.
 * Every other path is spelled the same in both.
 */
export type Dialect = 'ig' | 'spec' | 'both';
export const DIALECTS: readonly Dialect[] = ['ig', 'spec', 'both'];
const SPEC_ONLY = /^\/(working-orders|client-sentiment)(\/|$)/;
const IG_ONLY = /^\/(workingorders|clientsentiment)(\/|$)/;

export function answersIn(dialect: Dialect, path: string): boolean {
  if (dialect === 'ig') return !SPEC_ONLY.test(path);
  if (dialect === 'spec') return !IG_ONLY.test(path);
  return true;
}

/** Maps (method, path) to a route; trailing and doubled slashes are ignored, parameters are URL-decoded. */
export class RouteTable {
  private readonly router = Router({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });

  constructor(routes: Route[], dialect: Dialect = 'both') {
    for (const route of routes)
      for (const path of route.paths)
        if (answersIn(dialect, path)) this.router.on(route.method, path, () => undefined, { route });
  }

  lookup(method: string, path: string): Lookup {
    const found = method === 'OPTIONS' ? null : this.router.find(method as 'GET', path);
    if (found) {
      const store = found.store as { route: Route };
      return { kind: 'found', route: store.route, params: { ...found.params } };
    }
    for (const other of METHODS)
      if (other !== method && this.router.find(other, path)) return { kind: 'method-not-allowed' };
    return { kind: 'not-found' };
  }
}
