// The life of a permit, as pure functions: granting (with its checks), expiry, revocation and the
// binding to one environment and one account. Storage and messaging live elsewhere.
import { i18n } from '#i18n';
import type { Environment, PermitScope, PermitView } from '../model';

/** The default length of a permit with an expiry: four hours. */
export const DEFAULT_PERMIT_MS = 4 * 3600_000;
export const MIN_PERMIT_MS = 60_000;
export const MAX_PERMIT_MS = 24 * 3600_000;

/** Where the permit would be used: the connected environment and the active account. */
export interface PermitContext {
  environment: Environment;
  /** The custom gateway's base URL, when environment is 'custom'. */
  baseUrl: string | null;
  /** The active account, or null when signed out. */
  accountId: string | null;
}

export interface GrantRequest {
  scope: PermitScope;
  accountId: string;
  /** For live-like environments: the account id typed again by the user. */
  confirmAccountId: string | null;
  /** Milliseconds from now, or null for "until the browser closes". */
  durationMs: number | null;
  acknowledged: boolean;
}

export type GrantRefusal =
  | 'not-acknowledged'
  | 'signed-out'
  | 'wrong-account'
  | 'confirmation-required'
  | 'confirmation-mismatch'
  | 'bad-duration';

export type GrantResult =
  | { ok: true; permit: PermitView; sessionOnly: boolean }
  | { ok: false; refusal: GrantRefusal; message: string; field?: string };

const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/**
 * Whether real money may be at stake: IG live always; a custom gateway unless it is the IG demo
 * gateway or a service on this machine (the simulated service). Live-like environments need the
 * account id typed again before a dealing or applications permit is granted.
 */
export function isLiveLike(environment: Environment, baseUrl: string | null): boolean {
  if (environment === 'live') return true;
  if (environment === 'demo') return false;
  if (!baseUrl) return true;
  try {
    const host = new URL(baseUrl).hostname;
    return !(host === 'demo-api.ig.com' || loopback.test(host));
  } catch {
    return true;
  }
}

/** Checks a grant request against the context and, when it passes, mints the permit. */
export function grantPermit(
  request: GrantRequest,
  context: PermitContext,
  now: number,
  newId: () => string,
): GrantResult {
  if (!request.acknowledged)
    return { ok: false, refusal: 'not-acknowledged', message: i18n.t('permitError.notAcknowledged') };
  if (!context.accountId)
    return {
      ok: false,
      refusal: 'signed-out',
      message: i18n.t('permitError.signedOut'),
    };
  if (request.accountId !== context.accountId)
    return {
      ok: false,
      refusal: 'wrong-account',
      message: i18n.t('permitError.wrongAccount', { account: context.accountId }),
      field: 'accountId',
    };
  if (isLiveLike(context.environment, context.baseUrl)) {
    const typed = request.confirmAccountId?.trim() ?? '';
    if (!typed)
      return {
        ok: false,
        refusal: 'confirmation-required',
        message: i18n.t('permitError.confirmationRequired'),
        field: 'confirmAccountId',
      };
    if (typed !== context.accountId)
      return {
        ok: false,
        refusal: 'confirmation-mismatch',
        message: i18n.t('permitError.confirmationMismatch'),
        field: 'confirmAccountId',
      };
  }
  const duration = request.durationMs;
  if (duration !== null && (!Number.isInteger(duration) || duration < MIN_PERMIT_MS || duration > MAX_PERMIT_MS))
    return {
      ok: false,
      refusal: 'bad-duration',
      message: i18n.t('permitError.badDuration'),
      field: 'durationMs',
    };
  return {
    ok: true,
    sessionOnly: duration === null,
    permit: {
      id: newId(),
      scope: request.scope,
      environment: context.environment,
      accountId: context.accountId,
      expiresAt: duration === null ? null : now + duration,
      grantedAt: now,
    },
  };
}

export function isExpired(permit: PermitView, now: number): boolean {
  return permit.expiresAt !== null && permit.expiresAt <= now;
}

/** True when the permit was granted for this environment and this account. */
export function matchesContext(permit: PermitView, context: PermitContext): boolean {
  return permit.environment === context.environment && permit.accountId === context.accountId;
}

/** The permit of a scope that may be used now in this context, or null. */
export function activePermit(
  permits: readonly PermitView[],
  scope: PermitScope,
  context: PermitContext,
  now: number,
): PermitView | null {
  return permits.find((p) => p.scope === scope && !isExpired(p, now) && matchesContext(p, context)) ?? null;
}

/** Drops expired permits and permits of another environment or account. */
export function prunePermits(permits: readonly PermitView[], context: PermitContext, now: number): PermitView[] {
  return permits.filter((p) => !isExpired(p, now) && matchesContext(p, context));
}

/** Replaces any permit of the same scope with the new one (one permit per scope). */
export function withPermit(permits: readonly PermitView[], permit: PermitView): PermitView[] {
  return [...permits.filter((p) => p.scope !== permit.scope), permit];
}

export function withoutScope(permits: readonly PermitView[], scope: PermitScope): PermitView[] {
  return permits.filter((p) => p.scope !== scope);
}

/** True when moving from one context to another must revoke every permit (account or environment changed). */
export function contextChanged(before: PermitContext, after: PermitContext): boolean {
  return (
    before.environment !== after.environment ||
    before.accountId !== after.accountId ||
    (before.environment === 'custom' && before.baseUrl !== after.baseUrl)
  );
}

/** "3 h 59 min left", "until the browser closes", "expired". */
export function describeExpiry(permit: PermitView, now: number): string {
  if (permit.expiresAt === null) return i18n.t('permit.expiryUntilClose');
  const left = permit.expiresAt - now;
  if (left <= 0) return i18n.t('permit.expired');
  const minutes = Math.ceil(left / 60_000);
  if (minutes < 60) return i18n.t('permit.minLeft', { min: String(minutes) });
  const h = String(Math.floor(minutes / 60));
  const m = minutes % 60;
  return m === 0 ? i18n.t('permit.hoursLeft', { h }) : i18n.t('permit.hoursMinLeft', { h, min: String(m) });
}
