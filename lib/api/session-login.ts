// Logging in (session-manager.ts loads this when a session needs one): POST /session v2 (CST and
// X-SECURITY-TOKEN headers) or v3 (OAuth tokens), the password plain or encrypted with the gateway's key
// of the moment (reference §1.6), and the reply read into the session's tokens and facts.
import { endpointByLabel } from './endpoints';
import { AuthError, isApiError } from './errors';
import { encryptPassword } from './login-encryption';
import { check, malformed } from './parse';
import type { Logger, Redactor } from './redact';
import { EncryptionKeySchema, LoginV2BodySchema, LoginV3BodySchema, SwitchAccountSchema } from './schemas/session';
import type { SessionConfig } from './session-manager';
import type { SessionInfo, SessionTokens } from './stores';
import type { Reply, Transport } from './transport';

export interface LoginSession {
  config: SessionConfig;
  transport: Transport;
  redactor: Redactor;
  logger: Logger;
  /** Send the password encrypted. */
  encrypt: boolean;
  /** The OAuth tokens of a v3 reply, with when to refresh them. */
  oauth(t: { access_token: string; refresh_token: string; expires_in: number }): {
    accessToken: string;
    refreshToken: string;
    expiresAt: number;
    refreshAt: number;
  };
  /** The service refused the login (bad credentials, locked account): called before it is thrown. */
  refused(error: AuthError): Promise<void>;
}

/** The password as the login sends it: plain, or encrypted with the gateway's key of the moment. */
async function passwordToSend(session: LoginSession, label: string, signal?: AbortSignal): Promise<string> {
  if (!session.encrypt) return session.config.password;
  const keyLabel = 'session.get_encryption_key';
  const reply = await session.transport.send(endpointByLabel(keyLabel), { auth: false, signal });
  const key = check(EncryptionKeySchema, reply.body, {
    label: keyLabel,
    status: reply.status,
    requestId: reply.requestId,
  });
  const encrypted = await encryptPassword(session.config.password, key, label);
  session.redactor.add(encrypted);
  return encrypted;
}

/** One login; the tokens it got, not yet saved. */
export async function logIn(session: LoginSession, signal?: AbortSignal): Promise<SessionTokens> {
  const c = session.config;
  const label = c.sessionVersion === 3 ? 'session.login_v3' : 'session.login_v2';
  const password = await passwordToSend(session, label, signal);
  let reply: Reply;
  try {
    reply = await session.transport.send(endpointByLabel(label), {
      body: { identifier: c.identifier, password, ...(session.encrypt ? { encryptedPassword: true } : {}) },
      auth: false,
      retry: false,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) {
      const refused = error instanceof AuthError ? error : new AuthError(error.message, error);
      await session.refused(refused);
      throw refused;
    }
    throw error;
  }
  const ctx = { label, status: reply.status, requestId: reply.requestId };
  const base = { baseUrl: c.baseUrl, identifier: c.identifier };
  // Live has answered a v3 login in the v2 shape (CST/X-SECURITY-TOKEN headers, v2 body, no oauthToken):
  // that session is a v2 session, used as one.
  if (c.sessionVersion === 2 || answeredAsV2(reply)) {
    const body = check(LoginV2BodySchema, reply.body, ctx);
    const cst = reply.headers.get('cst');
    const securityToken = reply.headers.get('x-security-token');
    if (!cst || !securityToken) throw malformed(ctx, 'the session tokens are missing');
    session.redactor.add(cst, securityToken);
    const info: SessionInfo = {
      clientId: body.clientId ?? undefined,
      accountId: body.currentAccountId,
      accounts: (body.accounts ?? []).map((a) => ({
        accountId: a.accountId,
        accountName: a.accountName ?? undefined,
        accountType: a.accountType ?? undefined,
        preferred: a.preferred ?? undefined,
      })),
      currencyIsoCode: body.currencyIsoCode ?? undefined,
      lightstreamerEndpoint: body.lightstreamerEndpoint ?? undefined,
      timezoneOffset: body.timezoneOffset ?? undefined,
      dealingEnabled: body.dealingEnabled ?? undefined,
    };
    session.logger.info('logged in', { version: 2, asked: c.sessionVersion });
    return { ...base, version: 2, cst, securityToken, info, ...(c.sessionVersion === 3 ? { asked: 3 as const } : {}) };
  }
  const body = check(LoginV3BodySchema, reply.body, ctx);
  session.redactor.add(body.oauthToken.access_token, body.oauthToken.refresh_token);
  // v3 names the account on every request (IG-ACCOUNT-ID): the chosen one, else the login's.
  const accountId = c.accountId ?? body.accountId;
  const info: SessionInfo = {
    clientId: body.clientId ?? undefined,
    accountId,
    accounts: [{ accountId }],
    lightstreamerEndpoint: body.lightstreamerEndpoint ?? undefined,
    timezoneOffset: body.timezoneOffset ?? undefined,
  };
  session.logger.info('logged in', { version: 3 });
  return { ...base, version: 3, info, ...session.oauth(body.oauthToken) };
}

/**
 * After a v2 login that landed on IG's default account rather than the one the user chose: PUT /session
 * back to it (without `defaultAccount`, so IG's default stays as the user left it), its new tokens adopted.
 * A chosen account the login no longer lists is reported as gone and the session stays where it landed.
 */
export async function backToChosen(
  session: Pick<LoginSession, 'config' | 'transport' | 'redactor' | 'logger'>,
  tokens: SessionTokens,
  signal?: AbortSignal,
): Promise<{ tokens: SessionTokens; gone?: { chosen: string; current: string } }> {
  const chosen = session.config.accountId;
  const current = tokens.info.accountId;
  if (tokens.version !== 2 || !chosen || chosen === current) return { tokens };
  if (!tokens.info.accounts.some((a) => a.accountId === chosen)) {
    session.logger.info("the chosen account is not among the login's accounts");
    return { tokens, gone: { chosen, current } };
  }
  const label = 'session.switch_account';
  let reply: Reply;
  try {
    reply = await session.transport.send(endpointByLabel(label), {
      body: { accountId: chosen },
      auth: false,
      retry: false,
      signal,
      headers: { CST: tokens.cst, 'X-SECURITY-TOKEN': tokens.securityToken },
    });
  } catch (error) {
    if (isApiError(error) && error.errorCode === 'error.switch.invalid-accountId')
      return { tokens, gone: { chosen, current } };
    throw error;
  }
  check(SwitchAccountSchema, reply.body ?? {}, { label, status: reply.status, requestId: reply.requestId });
  const cst = reply.headers.get('cst') ?? tokens.cst;
  const securityToken = reply.headers.get('x-security-token') ?? tokens.securityToken;
  session.redactor.add(cst, securityToken);
  session.logger.info('back on the chosen account after login');
  return { tokens: { ...tokens, cst, securityToken, info: { ...tokens.info, accountId: chosen } } };
}

/** A login reply in the v2 shape: session tokens in the headers and no OAuth token in the body. */
function answeredAsV2(reply: Reply): boolean {
  const body = reply.body as { oauthToken?: unknown } | null;
  return (
    reply.headers.get('cst') !== null &&
    reply.headers.get('x-security-token') !== null &&
    (typeof body !== 'object' || body === null || body.oauthToken === undefined)
  );
}
