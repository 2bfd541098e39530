import { afterEach } from 'vitest';
import { SimClock } from '../../sim/clock';
import { type SimHandle, type SimOptions, startSim } from '../../sim/server';
import { World } from '../../sim/world';

export interface Res {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface ReqOpts {
  version?: number;
  body?: unknown;
  headers?: Record<string, string>;
  auth?: boolean;
}

/** A minimal client for the simulator: logs in (v2 or v3) and sends requests with the right headers. */
export class TestClient {
  headers: Record<string, string> = {};

  constructor(readonly sim: SimHandle) {}

  async req(method: string, path: string, opts: ReqOpts = {}): Promise<Res> {
    const headers: Record<string, string> = {
      'X-IG-API-KEY': this.sim.apiKey,
      'Content-Type': 'application/json; charset=UTF-8',
      Accept: 'application/json; charset=UTF-8',
      ...(opts.auth === false ? {} : this.headers),
      ...(opts.version === undefined ? {} : { Version: String(opts.version) }),
      ...opts.headers,
    };
    const r = await fetch(this.sim.baseUrl + path, {
      method,
      headers,
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    const text = await r.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: r.status, headers: r.headers, body, text };
  }

  get = (path: string, opts?: ReqOpts) => this.req('GET', path, opts);
  post = (path: string, body: unknown, opts?: ReqOpts) => this.req('POST', path, { ...opts, body });
  put = (path: string, body: unknown, opts?: ReqOpts) => this.req('PUT', path, { ...opts, body });
  /** DELETE the way trading-ig sends it: POST with `_method: DELETE`. */
  del = (path: string, body?: unknown, opts?: ReqOpts) =>
    this.req('POST', path, { ...opts, body: body ?? {}, headers: { ...opts?.headers, _method: 'DELETE' } });

  async loginV2(): Promise<Res> {
    const r = await this.post(
      '/session',
      { identifier: this.sim.identifier, password: this.sim.password },
      { version: 2, auth: false },
    );
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
    this.headers = { CST: r.headers.get('cst') ?? '', 'X-SECURITY-TOKEN': r.headers.get('x-security-token') ?? '' };
    return r;
  }

  async loginV3(): Promise<Res> {
    const r = await this.post(
      '/session',
      { identifier: this.sim.identifier, password: this.sim.password },
      { version: 3, auth: false },
    );
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
    const b = r.body as { accountId: string; oauthToken: { access_token: string } };
    this.headers = { Authorization: `Bearer ${b.oauthToken.access_token}`, 'IG-ACCOUNT-ID': b.accountId };
    return r;
  }
}

/** A market order to open a FTSE position (v2 body), with overrides. */
export const marketOrder = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  epic: 'IX.D.FTSE.DAILY.IP',
  expiry: '-',
  direction: 'BUY',
  size: 1,
  orderType: 'MARKET',
  currencyCode: 'GBP',
  forceOpen: true,
  guaranteedStop: false,
  ...over,
});

/** Wednesday 18 Nov 2026, 15:00 UTC: FX, indices, commodities and UK/EU/US shares trade. */
export const WEDNESDAY_1500 = Date.UTC(2026, 10, 18, 15, 0, 0);

/** A world without a server, at WEDNESDAY_1500, for pure tests of the simulator's parts. */
export function testWorld(): World {
  return new World({
    seed: 1,
    clock: new SimClock(WEDNESDAY_1500),
    startMs: WEDNESDAY_1500,
    ttl: { session: 3_600_000, access: 60_000, refresh: 600_000 },
    rateLimits: false,
    historicalAllowance: 10_000,
  });
}

export async function startTestSim(opts: SimOptions = {}): Promise<{ sim: SimHandle; client: TestClient }> {
  const sim = await startSim({ rateLimits: false, startTime: WEDNESDAY_1500, ...opts });
  const client = new TestClient(sim);
  await client.loginV2();
  return { sim, client };
}

/**
 * For a file whose tests each start their own simulator: the returned `setup` starts one (logged in with
 * v2) and the simulator is closed after the test.
 */
export function simPerTest(): (opts?: SimOptions) => Promise<{ sim: SimHandle; client: TestClient }> {
  let sim: SimHandle | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });
  return async (opts = {}) => {
    const started = await startTestSim(opts);
    sim = started.sim;
    return started;
  };
}

export function errorCode(r: Res): string | undefined {
  return (r.body as { errorCode?: string } | undefined)?.errorCode;
}
