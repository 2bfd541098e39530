// A tiny IG-like HTTP server for the client's tests: records every request (method, path, query,
// headers, body), checks the API key and tokens like the real gateway, and answers each spec path
// with a minimal valid body. Tests override replies to inject faults.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_API_KEY = 'fakeApiKey0123456789abcdefSECRETKEY';
export const FAKE_IDENTIFIER = 'fake-user-77';
export const FAKE_PASSWORD = 'Pa55-w0rd-SECRET-fake';
export const FAKE_ACCOUNT = 'ACC-MAIN';
export const FAKE_OTHER_ACCOUNT = 'ACC-OTHER';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as-is instead of JSON. */
  raw?: string | Uint8Array;
  /** Destroy the connection instead of answering. */
  destroy?: boolean;
  delayMs?: number;
}

type Match = (r: RecordedRequest) => boolean;
type Responder = FakeReply | ((r: RecordedRequest) => FakeReply | undefined);

export interface FakeIg {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests other than login and refresh. */
  calls(): RecordedRequest[];
  logins(): RecordedRequest[];
  refreshes(): RecordedRequest[];
  /** Answer the next `times` matching requests with `reply` (times = Infinity for all). */
  override(match: Match, reply: Responder, times?: number): void;
  /** Forget recorded requests and pending overrides (between tests). */
  reset(): void;
  /** Every token issued so far stops working. */
  expireTokens(): void;
  /** Seconds reported as OAuth expires_in. */
  oauthTtlSeconds: number;
  /** Issued token values, for redaction tests. */
  issued: string[];
  close(): Promise<void>;
}

export const route = (method: string, pathPattern: RegExp, version?: number): Match => {
  return (r) =>
    r.method === method && pathPattern.test(r.path) && (version === undefined || r.headers.version === String(version));
};

const dealRef = (r: RecordedRequest) => {
  const body = r.body as { dealReference?: string } | null;
  return { dealReference: body?.dealReference ?? 'SRV-REF-1' };
};

function defaultReply(r: RecordedRequest): FakeReply {
  const p = r.path;
  const v = Number(r.headers.version ?? '1');
  const m = r.headers._method === 'DELETE' && r.method === 'POST' ? 'DELETE' : r.method;
  const key = `${m} ${p}`;
  if (/^GET \/confirms\//.test(key)) {
    const ref = decodeURIComponent(p.split('/')[2] ?? '');
    return { body: { dealReference: ref, dealStatus: 'ACCEPTED', dealId: 'DEAL-1', reason: 'SUCCESS' } };
  }
  if (key === 'GET /positions') return { body: { positions: [] } };
  if (/^GET \/positions\/[^/]+$/.test(key)) {
    return { body: { position: { dealId: 'DEAL-1', size: 1 }, market: { epic: 'CS.D.EURUSD.CFD.IP' } } };
  }
  if (/^(POST|PUT|DELETE) \/(positions|working-orders)\/otc/.test(key)) return { body: dealRef(r) };
  if (key === 'GET /repeat-dealing-window') return { body: { accountId: FAKE_ACCOUNT, repeatDealingEntryList: [] } };
  if (key === 'GET /working-orders') return { body: { workingOrders: [] } };
  if (key === 'GET /categories') return { body: { categories: [{ code: 'FX', nonTradeable: false }] } };
  if (/^GET \/categories\/[^/]+\/instruments$/.test(key)) return { body: { instruments: [] } };
  if (key === 'GET /markets' && v === 2) {
    const epics = (r.query.epics ?? '').split(',').filter(Boolean);
    return { body: { marketDetails: epics.map((epic) => ({ instrument: { epic }, snapshot: { bid: 1, offer: 2 } })) } };
  }
  if (key === 'GET /markets') return { body: { markets: [] } };
  if (/^GET \/markets\/[^/]+$/.test(key))
    return { body: { instrument: { epic: decodeURIComponent(p.split('/')[2] ?? '') } } };
  if (/^GET \/prices\/[^/]+$/.test(key)) {
    return { body: { prices: [], metadata: { pageData: { pageNumber: 1, pageSize: 20, totalPages: 1 } } } };
  }
  if (/^GET \/prices\//.test(key)) return { body: { prices: [] } };
  if (/^POST \/indicativecostsandcharges\/(open|close|edit)$/.test(key)) {
    return { body: { indicativeQuoteReference: 'Q1', currencyCodeISO: 'GBP' } };
  }
  if (/^GET \/indicativecostsandcharges\/durablemedium\//.test(key)) {
    return { raw: new TextEncoder().encode('%PDF-1.4 fake'), headers: { 'content-type': 'application/pdf' } };
  }
  if (/^GET \/indicativecostsandcharges\/history\//.test(key)) return { body: { costsAndChargesHistory: [] } };
  if (key === 'GET /history/activity')
    return { body: { activities: [], metadata: { paging: { size: 0, next: null } } } };
  if (key === 'GET /history/transactions')
    return {
      body: { transactions: [], metadata: { size: 0, pageData: { pageNumber: 1, pageSize: 20, totalPages: 0 } } },
    };
  if (key === 'GET /watchlists') return { body: { watchlists: [] } };
  if (key === 'POST /watchlists') return { body: { watchlistId: '1234', status: 'SUCCESS' } };
  if (/^GET \/watchlists\/[^/]+$/.test(key)) return { body: { markets: [] } };
  if (/^(PUT|DELETE) \/watchlists\//.test(key)) return { body: { status: 'SUCCESS' } };
  if (key === 'GET /session') return { body: { accountId: FAKE_ACCOUNT, clientId: '42', currency: 'GBP' } };
  if (key === 'PUT /session') return { body: { dealingEnabled: true } };
  if (key === 'DELETE /session') return { status: 204 };
  if (key === 'GET /session/encryptionKey') return { body: { encryptionKey: 'MIIBIjAN', timeStamp: 1 } };
  if (key === 'GET /client-sentiment') {
    const ids = (r.query.marketIds ?? '').split(',').filter(Boolean);
    return {
      body: {
        clientSentiments: ids.map((marketId) => ({
          marketId,
          longPositionPercentage: 60,
          shortPositionPercentage: 40,
        })),
      },
    };
  }
  if (/^GET \/client-sentiment\/related\//.test(key)) return { body: { clientSentiments: [] } };
  if (/^GET \/client-sentiment\//.test(key)) {
    return {
      body: {
        marketId: decodeURIComponent(p.split('/')[2] ?? ''),
        longPositionPercentage: 55,
        shortPositionPercentage: 45,
      },
    };
  }
  if (key === 'GET /operations/application') return { body: [{ apiKey: FAKE_API_KEY, status: 'ENABLED' }] };
  if (/^PUT \/operations\/application/.test(key)) return { body: { apiKey: FAKE_API_KEY, status: 'DISABLED' } };
  return { status: 404, body: { errorCode: 'invalid.url' } };
}

export async function startFakeIg(): Promise<FakeIg> {
  const requests: RecordedRequest[] = [];
  const overrides: { match: Match; reply: Responder; left: number }[] = [];
  const issued: string[] = [];
  let generation = 0;
  const valid = { cst: '', xst: '', access: new Set<string>(), refresh: new Set<string>() };

  const issue = (kind: string) => {
    const value = `${kind}-${++generation}-tok${Math.random().toString(36).slice(2, 10)}`;
    issued.push(value);
    return value;
  };
  /** A new OAuth access and refresh token, both accepted from now on. */
  const issueOAuth = () => {
    const access = issue('access');
    const refresh = issue('refresh');
    valid.access.add(access);
    valid.refresh.add(refresh);
    return { access, refresh };
  };

  function auth(r: RecordedRequest): FakeReply | undefined {
    if (r.headers['x-ig-api-key'] !== FAKE_API_KEY)
      return { status: 403, body: { errorCode: 'error.security.api-key-invalid' } };
    if (r.path === '/session/encryptionKey') return undefined;
    const bearer = r.headers.authorization;
    if (bearer) {
      if (!valid.access.has(bearer.replace(/^Bearer /, ''))) {
        return { status: 401, body: { errorCode: 'error.security.oauth-token-invalid' } };
      }
      if (!r.headers['ig-account-id'])
        return { status: 401, body: { errorCode: 'error.security.account-token-missing' } };
      return undefined;
    }
    if (!r.headers.cst) return { status: 401, body: { errorCode: 'error.security.client-token-missing' } };
    if (r.headers.cst !== valid.cst) return { status: 401, body: { errorCode: 'error.security.client-token-invalid' } };
    if (r.headers['x-security-token'] !== valid.xst) {
      return { status: 401, body: { errorCode: 'error.security.account-token-invalid' } };
    }
    return undefined;
  }

  function session(r: RecordedRequest): FakeReply | undefined {
    if (r.method === 'POST' && r.path === '/session' && !r.headers._method) {
      if (r.headers['x-ig-api-key'] !== FAKE_API_KEY) {
        return { status: 403, body: { errorCode: 'error.security.api-key-invalid' } };
      }
      const body = r.body as { identifier?: string; password?: string } | null;
      if (body?.identifier !== FAKE_IDENTIFIER || body?.password !== FAKE_PASSWORD) {
        return { status: 401, body: { errorCode: 'error.security.invalid-details' } };
      }
      if (r.headers.version === '3') {
        const { access, refresh } = issueOAuth();
        return {
          body: {
            accountId: FAKE_ACCOUNT,
            clientId: '42',
            oauthToken: { access_token: access, refresh_token: refresh, expires_in: String(fake.oauthTtlSeconds) },
          },
        };
      }
      valid.cst = issue('cst');
      valid.xst = issue('xst');
      return {
        headers: { CST: valid.cst, 'X-SECURITY-TOKEN': valid.xst },
        body: {
          currentAccountId: FAKE_ACCOUNT,
          accounts: [
            { accountId: FAKE_ACCOUNT, accountName: 'Main', accountType: 'CFD', preferred: true },
            { accountId: FAKE_OTHER_ACCOUNT, accountName: 'Bets', accountType: 'SPREADBET', preferred: false },
          ],
          clientId: '42',
        },
      };
    }
    if (r.method === 'POST' && r.path === '/session/refresh-token') {
      const token = (r.body as { refresh_token?: string } | null)?.refresh_token ?? '';
      if (!valid.refresh.has(token)) return { status: 401, body: { errorCode: 'error.security.oauth-token-invalid' } };
      valid.refresh.delete(token);
      const { access, refresh } = issueOAuth();
      return {
        body: {
          access_token: access,
          refresh_token: refresh,
          expires_in: String(fake.oauthTtlSeconds),
          token_type: 'Bearer',
        },
      };
    }
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = rawBody;
    }
    const r: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname.replace(/^\/gateway\/deal/, ''),
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      rawBody,
    };
    requests.push(r);
    let reply: FakeReply | undefined;
    const o = overrides.find((x) => x.left > 0 && x.match(r));
    if (o) {
      o.left--;
      reply = typeof o.reply === 'function' ? o.reply(r) : o.reply;
    }
    reply ??= session(r) ?? auth(r) ?? defaultReply(r);
    if (reply.delayMs) await new Promise((f) => setTimeout(f, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const out = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const headersOut: Record<string, string> = {
      'content-type': 'application/json; charset=UTF-8',
      'x-request-id': `req-${requests.length}`,
    };
    for (const [k, v] of Object.entries(reply.headers ?? {})) headersOut[k.toLowerCase()] = v;
    res.writeHead(reply.status ?? 200, headersOut);
    res.end(out);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const isAuth = (r: RecordedRequest) =>
    r.method === 'POST' && (r.path === '/session' || r.path === '/session/refresh-token') && !r.headers._method;

  const fake: FakeIg = {
    baseUrl: `http://127.0.0.1:${port}/gateway/deal`,
    requests,
    calls: () => requests.filter((r) => !isAuth(r)),
    logins: () => requests.filter((r) => isAuth(r) && r.path === '/session'),
    refreshes: () => requests.filter((r) => r.path === '/session/refresh-token'),
    override(match, reply, times = 1) {
      overrides.push({ match, reply, left: times });
    },
    reset() {
      requests.length = 0;
      overrides.length = 0;
      fake.oauthTtlSeconds = 60;
    },
    expireTokens() {
      valid.cst = '';
      valid.xst = '';
      valid.access.clear();
    },
    oauthTtlSeconds: 60,
    issued,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
