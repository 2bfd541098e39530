// Login and tokens: lazy login on first need (one login shared by concurrent requests), v2 CST /
// X-SECURITY-TOKEN and v3 OAuth with refresh before expiry, recovery on token-invalid codes.
// A refused login (bad credentials, locked account) blocks automatic logins until `login()` is
// called explicitly, so a wrong password is never retried in a loop. The password goes encrypted
// (reference §1.6) when asked to, or once the gateway answers that it must (then the login is tried
// again encrypted, once, and the caller is told so it can remember it for the account).

import { ENCRYPTION_REQUIRED, OAUTH_INVALID } from './classify';
import { endpointByLabel } from './endpoints';
import { type AuthError, isApiError } from './errors';
import { check } from './parse';
import type { Logger, Redactor } from './redact';
import { OAuthTokenSchema } from './schemas/oauth';
import { backToChosen, logIn } from './session-login';
import type { SessionInfo, SessionTokens, SessionTokensV3, TokenStore } from './stores';
import type { AuthProvider, Transport } from './transport';

export interface SessionConfig {
  baseUrl: string;
  identifier: string;
  password: string;
  sessionVersion: 2 | 3;
  /** The account the user chose: after a login that lands elsewhere, the session switches back to it. */
  accountId?: string | undefined;
  /** The chosen account is not among the login's accounts: the session stays on IG's current one. */
  onChosenAccountGone?: ((chosen: string, current: string) => Promise<void> | void) | undefined;
  /** Send the password encrypted from the first login on. */
  encryptPassword?: boolean | undefined;
  /** Called when the gateway answered that this account must send its password encrypted. */
  onEncryptionRequired?: (() => Promise<void> | void) | undefined;
}

type Work = 'login' | 'refresh' | 'load';

export class SessionManager implements AuthProvider {
  private tokens: SessionTokens | null = null;
  private loaded = false;
  private pending: Promise<SessionTokens> | null = null;
  private pendingWork: Work = 'load';
  private blocked: AuthError | null = null;
  private encrypt: boolean;
  private chosen: string | undefined;

  constructor(
    private readonly config: SessionConfig,
    private readonly transport: Transport,
    private readonly store: TokenStore,
    private readonly redactor: Redactor,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.encrypt = config.encryptPassword === true;
    this.chosen = config.accountId;
  }

  get info(): SessionInfo | null {
    return this.tokens?.info ?? null;
  }

  get accountId(): string | null {
    return this.tokens?.info.accountId ?? null;
  }

  async headers(signal?: AbortSignal): Promise<Record<string, string>> {
    return authHeaders(await this.ensure(signal));
  }

  /** Valid tokens, logging in or refreshing first when needed; concurrent callers share the work. */
  async ensure(signal?: AbortSignal): Promise<SessionTokens> {
    for (;;) {
      const busy = this.pending;
      if (busy) {
        const work = this.pendingWork;
        try {
          await busy;
        } catch (error) {
          // Share the outcome of a login or refresh already in flight rather than starting another.
          if (work !== 'load') throw error;
        }
        continue;
      }
      if (!this.loaded) {
        await this.run('load', signal);
        continue;
      }
      const tokens = this.tokens;
      if (tokens && !(tokens.version === 3 && this.now() >= tokens.refreshAt)) return tokens;
      if (this.blocked) throw this.blocked;
      return this.run(tokens ? 'refresh' : 'login', signal);
    }
  }

  async recover(errorCode: string, used: Record<string, string>, signal?: AbortSignal): Promise<void> {
    if (this.pending) {
      await this.pending;
      return;
    }
    const stale = this.tokens;
    // Another request already renewed the tokens this one was refused with.
    if (stale && !sameHeaders(authHeaders(stale), used)) return;
    this.logger.info('session token rejected', { errorCode });
    if (errorCode === OAUTH_INVALID && stale?.version === 3) await this.run('refresh', signal);
    else
      await this.run('login', signal).catch((error: unknown) => {
        // The service refused these tokens: the next request logs in rather than sending them again
        // (IG's weekend maintenance kills every token; each retry would cost a refused request more).
        if (this.tokens === stale) this.tokens = null;
        throw error;
      });
  }

  /** An explicit login (e.g. the settings page's login check); lifts a block left by a refused login. */
  async login(signal?: AbortSignal): Promise<SessionInfo> {
    this.blocked = null;
    if (this.pending) await this.pending.catch(() => undefined);
    const tokens = await this.run('login', signal);
    return tokens.info;
  }

  async clear(): Promise<void> {
    this.tokens = null;
    this.loaded = true;
    await this.store.clear();
  }

  /** After PUT /session: new account, and new CST / X-SECURITY-TOKEN when the reply carries them. */
  async adoptSwitch(accountId: string, headers: Headers): Promise<void> {
    this.chosen = accountId;
    const tokens = this.tokens;
    if (!tokens) return;
    const info = { ...tokens.info, accountId };
    if (tokens.version === 2) {
      const cst = headers.get('cst') ?? tokens.cst;
      const securityToken = headers.get('x-security-token') ?? tokens.securityToken;
      this.redactor.add(cst, securityToken);
      await this.save({ ...tokens, cst, securityToken, info });
    } else {
      await this.save({ ...tokens, info });
    }
  }

  private run(work: Work, signal?: AbortSignal): Promise<SessionTokens> {
    const job = (async () => {
      if (work === 'load') return this.load();
      if (work === 'refresh') return this.refresh(signal);
      return this.doLogin(signal);
    })();
    const shared = job.finally(() => {
      if (this.pending === shared) this.pending = null;
    });
    this.pending = shared;
    this.pendingWork = work;
    return shared;
  }

  private async load(): Promise<SessionTokens> {
    const stored = await this.store.load().catch(() => null);
    this.loaded = true;
    const c = this.config;
    if (
      stored &&
      stored.baseUrl === c.baseUrl &&
      stored.identifier === c.identifier &&
      (stored.version === 2 ? (stored.asked ?? 2) : 3) === c.sessionVersion
    ) {
      if (stored.version === 2) this.redactor.add(stored.cst, stored.securityToken);
      else this.redactor.add(stored.accessToken, stored.refreshToken);
      this.tokens = stored;
    }
    return this.tokens as SessionTokens;
  }

  private async save(tokens: SessionTokens): Promise<SessionTokens> {
    this.tokens = tokens;
    this.loaded = true;
    await this.store.save(tokens);
    return tokens;
  }

  private async doLogin(signal?: AbortSignal): Promise<SessionTokens> {
    try {
      return await this.loginOnce(signal);
    } catch (error) {
      if (this.encrypt || !isApiError(error) || error.errorCode !== ENCRYPTION_REQUIRED) throw error;
      this.encrypt = true;
      this.blocked = null;
      this.logger.info('the gateway requires an encrypted password; logging in again');
      await Promise.resolve(this.config.onEncryptionRequired?.()).catch(() => undefined);
      return this.loginOnce(signal);
    }
  }

  private async loginOnce(signal?: AbortSignal): Promise<SessionTokens> {
    const config = { ...this.config, accountId: this.chosen };
    const login = {
      config,
      transport: this.transport,
      redactor: this.redactor,
      logger: this.logger,
    };
    const landed = await logIn(
      {
        ...login,
        encrypt: this.encrypt,
        oauth: (t) => this.oauth(t),
        refused: async (error) => {
          this.blocked = error;
          this.tokens = null;
          await this.store.clear().catch(() => undefined);
        },
      },
      signal,
    );
    // Nothing account-scoped goes out before the session is back on the chosen account: this is part of the login.
    const back = await backToChosen(login, landed, signal);
    const saved = await this.save(back.tokens);
    if (back.gone) {
      const { chosen, current } = back.gone;
      this.chosen = undefined;
      // Not awaited: the listener reads the session, which waits for this login to finish.
      void Promise.resolve()
        .then(() => this.config.onChosenAccountGone?.(chosen, current))
        .catch(() => undefined);
    }
    return saved;
  }

  private oauth(t: { access_token: string; refresh_token: string; expires_in: number }) {
    const ttl = Math.max(0, t.expires_in * 1000);
    const now = this.now();
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      expiresAt: now + ttl,
      refreshAt: now + ttl - Math.min(10_000, ttl / 5),
    };
  }

  private async refresh(signal?: AbortSignal): Promise<SessionTokens> {
    const tokens = this.tokens;
    if (tokens?.version !== 3) return this.doLogin(signal);
    const label = 'session.refresh_token';
    try {
      const reply = await this.transport.send(endpointByLabel(label), {
        body: { refresh_token: tokens.refreshToken },
        auth: false,
        retry: false,
        signal,
        headers: { 'IG-ACCOUNT-ID': tokens.info.accountId },
      });
      const body = check(OAuthTokenSchema, reply.body, { label, status: reply.status, requestId: reply.requestId });
      this.redactor.add(body.access_token, body.refresh_token);
      this.logger.info('access token refreshed');
      const next: SessionTokensV3 = { ...tokens, ...this.oauth(body) };
      return this.save(next);
    } catch (error) {
      if (signal?.aborted) throw error;
      this.logger.info('refresh failed; logging in again', { error: (error as Error).name });
      return this.doLogin(signal);
    }
  }
}

export function authHeaders(tokens: SessionTokens): Record<string, string> {
  if (tokens.version === 2) return { CST: tokens.cst, 'X-SECURITY-TOKEN': tokens.securityToken };
  return { Authorization: `Bearer ${tokens.accessToken}`, 'IG-ACCOUNT-ID': tokens.info.accountId };
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  return Object.entries(a).every(([k, v]) => b[k] === v);
}
