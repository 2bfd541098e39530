import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CancelledError,
  MALFORMED_RESPONSE,
  NetworkError,
  RateLimitError,
  TimeoutError,
} from '../../lib/api';
import { fakeClient, permittedDealing } from '../helpers/api-client';
import { type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const positions = route('GET', /^\/positions$/);
const count = (path: string) => fake.calls().filter((r) => r.path === path).length;

describe('transport', () => {
  it('retries reads on 5xx with backoff and succeeds', async () => {
    const client = fakeClient(fake);
    fake.override(positions, { status: 503, body: { errorCode: 'system.error' } }, 2);
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
    expect(count('/positions')).toBe(3);
  });

  it('gives up on reads after the configured attempts, with the errorCode, status and request id', async () => {
    const client = fakeClient(fake);
    fake.override(positions, { status: 500, body: { errorCode: 'error.positions.generic' } }, 5);
    const error = await client.positions.list().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorCode: 'error.positions.generic', status: 500, label: 'positions.list' });
    expect(error.requestId).toMatch(/^req-/);
    expect(count('/positions')).toBe(3);
  });

  it('retries reads after a dropped connection', async () => {
    const client = fakeClient(fake);
    fake.override(positions, { destroy: true }, 1);
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
    expect(count('/positions')).toBe(2);
  });

  it('never retries a mutation', async () => {
    const client = fakeClient(fake);
    const dealing = permittedDealing(client);
    fake.override(route('PUT', /^\/positions\/otc\//), { status: 400, body: { errorCode: 'invalid.input' } }, 3);
    await expect(dealing.positions.amend('DEAL1', { limitLevel: 2 })).rejects.toMatchObject({
      errorCode: 'invalid.input',
    });
    expect(count('/positions/otc/DEAL1')).toBe(1);
  });

  it('asks the browser not to keep any reply in its HTTP cache (cache: no-store), reads and mutations alike', async () => {
    const seen: { url: string; cache: RequestCache | undefined }[] = [];
    const client = fakeClient(fake, {
      fetch: (input, init) => {
        seen.push({ url: String(input), cache: init?.cache });
        return globalThis.fetch(input, init);
      },
    });
    await client.positions.list();
    await client.applications.list();
    await permittedDealing(client).positions.amend('DEAL1', { limitLevel: 2 });
    expect(seen.map((s) => new URL(s.url).pathname.replace('/gateway/deal', ''))).toEqual([
      '/session',
      '/positions',
      '/operations/application',
      '/positions/otc/DEAL1',
    ]);
    expect(seen.every((s) => s.cache === 'no-store')).toBe(true);
  });

  it('does not retry 4xx reads', async () => {
    const client = fakeClient(fake);
    fake.override(
      route('GET', /^\/markets\//),
      { status: 404, body: { errorCode: 'error.public-api.epic-not-found' } },
      3,
    );
    await expect(client.markets.get('XX.D.NOPE.CASH.IP')).rejects.toMatchObject({
      status: 404,
      errorCode: 'error.public-api.epic-not-found',
    });
    expect(fake.calls().filter((r) => r.path.startsWith('/markets/'))).toHaveLength(1);
  });

  it('times out every request (TimeoutError, a kind of NetworkError)', async () => {
    // The login before it must not time out on a slow machine; the held request always does.
    const client = fakeClient(fake, { timeoutMs: 2_000, retry: { attempts: 1, baseDelayMs: 1 } });
    await client.positions.list();
    fake.override(positions, { delayMs: 30_000, body: { positions: [] } });
    const error = await client.positions.list().catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.errorCode).toBe('client.timeout');
  });

  it('lets the caller cancel (CancelledError); a cancelled read is not retried', async () => {
    const client = fakeClient(fake);
    await client.positions.list();
    fake.override(positions, { delayMs: 10_000, body: { positions: [] } });
    const controller = new AbortController();
    const pending = client.positions.list({ signal: controller.signal });
    // Cancelled while the service holds the request.
    await vi.waitFor(() => expect(count('/positions')).toBe(2), { timeout: 10_000 });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(count('/positions')).toBe(2);
  });

  it('an already-aborted signal sends nothing', async () => {
    const client = fakeClient(fake);
    const controller = new AbortController();
    controller.abort();
    await expect(client.positions.list({ signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(fake.requests).toHaveLength(0);
  });

  it('a malformed body is an ApiError (client.malformed-response), not a crash', async () => {
    const client = fakeClient(fake);
    for (const raw of [
      '{"positions": [',
      '<html>gateway error</html>',
      '{"positions": [{"market": {}}]}',
      '"just a string"',
    ]) {
      fake.override(positions, { raw }, 3);
      const error = await client.positions.list().catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.errorCode).toBe(MALFORMED_RESPONSE);
      expect(error.label).toBe('positions.list');
    }
  });

  it('maps allowance errors to RateLimitError with a retry-after', async () => {
    const client = fakeClient(fake);
    fake.override(positions, { status: 403, body: { errorCode: 'error.public-api.exceeded-account-allowance' } });
    const error = await client.positions.list().catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(60_000);
  });

  it('an error reply without JSON still carries the status as a code', async () => {
    const client = fakeClient(fake);
    fake.override(route('GET', /^\/categories$/), { status: 418, raw: 'teapot' });
    await expect(client.categories.list()).rejects.toMatchObject({ errorCode: 'http.418', status: 418 });
  });

  it('durable medium returns the document bytes', async () => {
    const client = fakeClient(fake);
    const doc = await client.indicativeCosts.getDurableMedium('QREF1');
    expect(doc.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(doc.data)).toBe('%PDF-1.4 fake');
  });
});
