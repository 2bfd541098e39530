import { ApiError, badRequest, invalidField } from '../errors';
import { accountFunds } from '../funds';
import { type Ctx, ok, type Route, str } from '../http';
import { SYMBOLS } from '../money';
import { encryptionKey } from '../rsa';
import type { Session } from '../tokens';

/** The streaming server's root URL, as IG gives it (no path): the client adds `/lightstreamer` itself. */
function lightstreamerEndpoint(ctx: Ctx): string {
  return new URL(ctx.baseUrl).origin;
}

async function passwordMatches(ctx: Ctx, given: string, encrypted: boolean): Promise<boolean> {
  const expected = ctx.world.credentials.password;
  if (!encrypted) return given === expected;
  const key = await encryptionKey();
  const plain = key.decrypt(Buffer.from(given, 'base64'));
  if (!plain) return false;
  // Two variants exist: "password|timeStamp" encrypted directly, or base64-encoded first (trading-ig, IG's .NET sample).
  for (const text of [plain.toString('utf8'), Buffer.from(plain.toString('ascii'), 'base64').toString('utf8')]) {
    const bar = text.lastIndexOf('|');
    if (bar < 0) continue;
    const stamp = Number(text.slice(bar + 1));
    if (text.slice(0, bar) === expected && Number.isFinite(stamp) && Math.abs(ctx.now - stamp) < 15 * 60_000)
      return true;
  }
  return false;
}

function sessionTokens(ctx: Ctx, session: Session): Record<string, string> {
  return {
    CST: ctx.world.tokens.issue(session, 'cst', ctx.now),
    'X-SECURITY-TOKEN': ctx.world.tokens.issue(session, 'xst', ctx.now),
  };
}

function oauthToken(ctx: Ctx, session: Session) {
  return {
    access_token: ctx.world.tokens.issue(session, 'access', ctx.now),
    refresh_token: ctx.world.tokens.issue(session, 'refresh', ctx.now),
    scope: 'profile',
    token_type: 'Bearer',
    expires_in: String(Math.max(1, Math.round(ctx.world.tokens.ttl.access / 1000))),
  };
}

const flags = {
  dealingEnabled: true,
  hasActiveDemoAccounts: true,
  hasActiveLiveAccounts: false,
  trailingStopsEnabled: true,
};

async function login(ctx: Ctx) {
  const identifier = str(ctx.body, 'identifier');
  const password = str(ctx.body, 'password');
  if (!identifier) throw invalidField('identifier');
  if (!password) throw invalidField('password');
  const encrypted = ctx.body.encryptedPassword === true || ctx.body.encryptedPassword === 'true';
  const { credentials } = ctx.world;
  if (identifier === credentials.encryptedIdentifier && !encrypted)
    throw new ApiError(400, 'error.public-api.failure.encryption.required');
  const known = identifier === credentials.identifier || identifier === credentials.encryptedIdentifier;
  if (!known || !(await passwordMatches(ctx, password, encrypted)))
    throw new ApiError(401, 'error.security.invalid-details');
  const world = ctx.world;
  const preferred = world.accounts.find((a) => a.preferred) ?? world.accounts[0];
  if (!preferred) throw new ApiError(500, 'system.error');
  const session = world.tokens.newSession(preferred.accountId);
  if (ctx.version >= 3 && world.v3LoginShape === 'oauth') {
    return ok({
      clientId: world.clientId,
      accountId: preferred.accountId,
      timezoneOffset: 0,
      lightstreamerEndpoint: lightstreamerEndpoint(ctx),
      oauthToken: oauthToken(ctx, session),
    });
  }
  return ok(
    {
      accountType: preferred.accountType,
      accountInfo: accountFunds(world, preferred),
      currencyIsoCode: preferred.currency,
      currencySymbol: SYMBOLS[preferred.currency] ?? preferred.currency,
      currentAccountId: preferred.accountId,
      lightstreamerEndpoint: lightstreamerEndpoint(ctx),
      accounts: world.accounts.map((a) => ({
        accountId: a.accountId,
        accountName: a.accountName,
        preferred: a.preferred,
        accountType: a.accountType,
      })),
      clientId: world.clientId,
      timezoneOffset: 0,
      ...flags,
      reroutingEnvironment: null,
    },
    sessionTokens(ctx, session),
  );
}

function refresh(ctx: Ctx) {
  const token = str(ctx.body, 'refresh_token');
  if (!token) throw invalidField('refresh_token');
  const check = ctx.world.tokens.check(token, 'refresh', ctx.now);
  if (!check.ok) throw new ApiError(401, 'error.security.oauth-token-invalid');
  ctx.world.tokens.revoke(token);
  return ok(oauthToken(ctx, check.session));
}

function getSession(ctx: Ctx) {
  const session = ctx.session as Session;
  const account = ctx.world.account(ctx.accountId);
  const body = {
    clientId: ctx.world.clientId,
    accountId: ctx.accountId,
    timezoneOffset: 0,
    locale: 'en_GB',
    currency: account?.currency ?? 'GBP',
    lightstreamerEndpoint: lightstreamerEndpoint(ctx),
  };
  if (ctx.query.get('fetchSessionTokens') === 'true') {
    if (session.currentAccountId !== ctx.accountId) session.currentAccountId = ctx.accountId;
    return ok(body, sessionTokens(ctx, session));
  }
  return ok(body);
}

function switchAccount(ctx: Ctx) {
  const session = ctx.session as Session;
  const accountId = str(ctx.body, 'accountId');
  if (!accountId) throw invalidField('accountId');
  if (accountId === ctx.accountId) throw badRequest('error.switch.accountId-must-be-different');
  const target = ctx.world.account(accountId);
  if (!target) throw badRequest('error.switch.invalid-accountId');
  session.currentAccountId = accountId;
  if (ctx.body.defaultAccount === true) for (const a of ctx.world.accounts) a.preferred = a === target;
  return ok(
    {
      trailingStopsEnabled: flags.trailingStopsEnabled,
      dealingEnabled: true,
      hasActiveDemoAccounts: true,
      hasActiveLiveAccounts: false,
    },
    { 'X-SECURITY-TOKEN': ctx.world.tokens.issue(session, 'xst', ctx.now) },
  );
}

function logout(ctx: Ctx) {
  ctx.world.tokens.logout(ctx.session as Session);
  return { status: 204 };
}

async function getEncryptionKey(ctx: Ctx) {
  const key = await encryptionKey();
  return ok({ encryptionKey: key.publicKeyBase64, timeStamp: ctx.now });
}

export const sessionRoutes: Route[] = [
  { method: 'POST', paths: ['/session'], versions: [1, 2, 3], auth: 'apiKey', limit: 'none', handle: login },
  { method: 'POST', paths: ['/session/refresh-token'], versions: [1], auth: 'apiKey', limit: 'none', handle: refresh },
  { method: 'GET', paths: ['/session'], versions: [1], auth: 'session', limit: 'none', handle: getSession },
  { method: 'PUT', paths: ['/session'], versions: [1], auth: 'session', limit: 'none', handle: switchAccount },
  { method: 'DELETE', paths: ['/session'], versions: [1], auth: 'session', limit: 'none', handle: logout },
  {
    method: 'GET',
    paths: ['/session/encryptionKey'],
    versions: [1],
    auth: 'apiKey',
    limit: 'none',
    handle: getEncryptionKey,
  },
];
