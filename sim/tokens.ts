import { Rng } from './random';

/** A logged-in client session and the tokens that identify it. */
export interface Session {
  id: number;
  currentAccountId: string;
  loggedOut: boolean;
}

type Kind = 'cst' | 'xst' | 'access' | 'refresh';

interface TokenRecord {
  session: Session;
  kind: Kind;
  expiresAt: number;
  /** v1/v2 tokens are extended while in use. */
  sliding: boolean;
}

export interface TokenTtls {
  /** Lifetime of CST / X-SECURITY-TOKEN after their last use. */
  session: number;
  /** Lifetime of v3 access tokens. */
  access: number;
  /** Lifetime of v3 refresh tokens. */
  refresh: number;
}

export type TokenCheck = { ok: true; session: Session } | { ok: false; reason: 'missing' | 'invalid' };

const PREFIX: Record<Kind, string> = { cst: 'SIMCST', xst: 'SIMXST', access: 'SIMACC', refresh: 'SIMREF' };

export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>();
  private nextSession = 1;
  private readonly rng: Rng;

  constructor(
    seed: number,
    readonly ttl: TokenTtls,
    private readonly issued: string[] = [],
  ) {
    this.rng = new Rng(seed ^ 0x5eed7);
  }

  newSession(accountId: string): Session {
    return { id: this.nextSession++, currentAccountId: accountId, loggedOut: false };
  }

  issue(session: Session, kind: Kind, now: number): string {
    const hex = '0123456789abcdef';
    const token =
      kind === 'access' || kind === 'refresh'
        ? `${PREFIX[kind]}-${this.rng.chars(8, hex)}-${this.rng.chars(4, hex)}-${this.rng.chars(4, hex)}-${this.rng.chars(12, hex)}`
        : `${PREFIX[kind]}${this.rng.chars(58, hex)}`;
    const life = kind === 'access' ? this.ttl.access : kind === 'refresh' ? this.ttl.refresh : this.ttl.session;
    this.tokens.set(token, { session, kind, expiresAt: now + life, sliding: kind === 'cst' || kind === 'xst' });
    this.issued.push(token);
    return token;
  }

  check(token: string | undefined, kind: Kind, now: number): TokenCheck {
    if (!token) return { ok: false, reason: 'missing' };
    const rec = this.tokens.get(token);
    if (!rec || rec.kind !== kind || rec.session.loggedOut || now >= rec.expiresAt)
      return { ok: false, reason: 'invalid' };
    if (rec.sliding) rec.expiresAt = now + this.ttl.session;
    return { ok: true, session: rec.session };
  }

  /**
   * Whether a token was issued and not ended by logout or maintenance, whatever its age: IG's streaming
   * connections "continue to work beyond the expiry of a token, as long as the session remains connected".
   */
  alive(token: string, kind: Kind): boolean {
    const rec = this.tokens.get(token);
    return rec !== undefined && rec.kind === kind && !rec.session.loggedOut;
  }

  revoke(token: string): void {
    this.tokens.delete(token);
  }

  /** Every CST, X-SECURITY-TOKEN and access token becomes invalid; refresh tokens stay valid. */
  expireAll(): void {
    for (const rec of this.tokens.values()) if (rec.kind !== 'refresh') rec.expiresAt = 0;
  }

  /** Weekend maintenance: every token of every kind dies, refresh tokens too. */
  killAll(): void {
    this.tokens.clear();
  }

  logout(session: Session): void {
    session.loggedOut = true;
    for (const [token, rec] of this.tokens) if (rec.session === session) this.tokens.delete(token);
  }
}
