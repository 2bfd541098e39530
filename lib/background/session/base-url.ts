import type { Environment } from '../../model';

export const GATEWAYS = {
  demo: 'https://demo-api.ig.com/gateway/deal',
  live: 'https://api.ig.com/gateway/deal',
} as const;

/** The gateway for an environment; a custom one is the user's base URL, without a trailing slash. */
export function baseUrlFor(environment: Environment, custom: string | null): string | null {
  if (environment === 'custom') return custom ? custom.trim().replace(/\/+$/, '') : null;
  return GATEWAYS[environment];
}
