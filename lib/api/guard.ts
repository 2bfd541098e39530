// The live permission boundary. Permits are minted only by `issue` (an explicit user action in
// settings), carry a scope, environment, account and expiry, and are checked synchronously before
// anything is sent: a revoked, expired, foreign or forged permit is refused at once.

import { i18n } from '#i18n';
import type { Environment } from './environment';
import { PermitRequiredError } from './errors';

export type PermitScope = 'dealing' | 'watchlists' | 'applications';

export interface Permit {
  readonly id: string;
  readonly scope: PermitScope;
  readonly environment: Environment;
  readonly accountId: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface IssuePermitRequest {
  scope: PermitScope;
  environment: Environment;
  accountId: string;
  /** Lifetime in milliseconds; default 30 minutes, at most 24 hours. */
  ttlMs?: number;
}

export interface PermitNeed {
  scope: PermitScope;
  environment: Environment;
  /** Checked when known; the account of the session at the moment of sending. */
  accountId?: string | null;
  label?: string;
}

export interface Guard {
  issue(request: IssuePermitRequest): Permit;
  revoke(permitId: string): void;
  /** Revokes every permit, or every permit of one scope. */
  revokeAll(scope?: PermitScope): void;
  /** Permits still in force, e.g. to persist in storage.session or show in settings. */
  active(): Permit[];
  /** Throws PermitRequiredError unless the permit is in force for this need. */
  check(permit: Permit | null | undefined, need: PermitNeed): void;
  isValid(permit: Permit | null | undefined, need: PermitNeed): boolean;
  /** Called after every issue or revoke with the permits still in force. */
  onChange(listener: (permits: Permit[]) => void): () => void;
}

export interface GuardOptions {
  now?: () => number;
  /** Permits to restore (e.g. from storage.session after a worker restart); expired ones are dropped. */
  permits?: readonly Permit[];
}

export const DEFAULT_PERMIT_TTL_MS = 30 * 60_000;
export const MAX_PERMIT_TTL_MS = 24 * 3_600_000;

function newPermitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `permit-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function createGuard(options: GuardOptions = {}): Guard {
  const now = options.now ?? Date.now;
  const issued = new Map<string, Permit>();
  const revoked = new Set<string>();
  const listeners = new Set<(permits: Permit[]) => void>();
  for (const p of options.permits ?? []) if (p.expiresAt > now()) issued.set(p.id, Object.freeze({ ...p }));

  const active = () => [...issued.values()].filter((p) => p.expiresAt > now());
  const changed = () => {
    const list = active();
    for (const l of listeners) l(list);
  };

  function problem(permit: Permit | null | undefined, need: PermitNeed): PermitRequiredError | null {
    const refuse = (kind: PermitRequiredError['problem'], message: string) =>
      new PermitRequiredError(kind, message, need.label);
    if (!permit) return refuse('missing', `A ${need.scope} permit is required`);
    if (revoked.has(permit.id)) return refuse('revoked', 'The permit was revoked');
    const known = issued.get(permit.id);
    if (!known) return refuse('unknown', 'The permit was not issued by this guard');
    if (known.expiresAt <= now()) return refuse('expired', 'The permit has expired');
    if (known.scope !== need.scope || permit.scope !== known.scope) {
      return refuse('scope', `The permit is for ${known.scope}, not ${need.scope}`);
    }
    if (known.environment !== need.environment || permit.environment !== known.environment) {
      return refuse('environment', `The permit is for the ${known.environment} environment, not ${need.environment}`);
    }
    if (need.accountId && known.accountId !== need.accountId) {
      return refuse('account', 'The permit is for another account');
    }
    return null;
  }

  return {
    issue(request) {
      const ttl = Math.min(Math.max(1, request.ttlMs ?? DEFAULT_PERMIT_TTL_MS), MAX_PERMIT_TTL_MS);
      if (!request.accountId) throw new PermitRequiredError('account', i18n.t('bgError.permitNeedsAccount'));
      const issuedAt = now();
      const permit: Permit = Object.freeze({
        id: newPermitId(),
        scope: request.scope,
        environment: request.environment,
        accountId: request.accountId,
        issuedAt,
        expiresAt: issuedAt + ttl,
      });
      issued.set(permit.id, permit);
      changed();
      return permit;
    },
    revoke(permitId) {
      revoked.add(permitId);
      issued.delete(permitId);
      changed();
    },
    revokeAll(scope) {
      for (const p of [...issued.values()]) {
        if (!scope || p.scope === scope) {
          revoked.add(p.id);
          issued.delete(p.id);
        }
      }
      changed();
    },
    active,
    check(permit, need) {
      const refused = problem(permit, need);
      if (refused) throw refused;
    },
    isValid: (permit, need) => problem(permit, need) === null,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
