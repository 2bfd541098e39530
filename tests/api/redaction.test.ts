// Secrets planted in the configuration, in headers (CST, X-SECURITY-TOKEN) and in bodies (OAuth
// tokens) never come out of any thrown error (message, stack, JSON, properties) or any logger call.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Logger, memoryLockStore } from '../../lib/api';
import { fakeClient, permittedDealing } from '../helpers/api-client';
import { FAKE_API_KEY, FAKE_PASSWORD, type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function recordingLogger() {
  const lines: unknown[] = [];
  const log = (level: string) => (message: string, data?: Record<string, unknown>) =>
    lines.push({ level, message, data });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return { lines, logger };
}

function everything(error: unknown): string {
  const e = error as Error & Record<string, unknown>;
  const props = Object.getOwnPropertyNames(e).map((k) => `${k}=${String(e[k])}`);
  return [String(e), e.message, e.stack, JSON.stringify(e), ...props].join('\n');
}

const secrets = () => [FAKE_PASSWORD, FAKE_API_KEY, ...fake.issued];

function expectClean(text: string) {
  for (const secret of secrets()) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/Bearer\s+access-/);
}

const echo = (status: number) => (r: { headers: Record<string, string>; rawBody: string }) => ({
  status,
  body: {
    errorCode: `echo ${r.headers.cst} ${r.headers['x-security-token']} ${r.headers.authorization} ${r.headers['x-ig-api-key']} ${r.rawBody}`,
  },
});

describe('redaction', () => {
  for (const sessionVersion of [2, 3] as const) {
    it(`v${sessionVersion}: no secret in any error or log line across failure paths`, async () => {
      const { lines, logger } = recordingLogger();
      const client = fakeClient(fake, { sessionVersion, logger, lockStore: memoryLockStore() });
      const dealing = permittedDealing(client);
      const errors: unknown[] = [];
      const capture = (p: Promise<unknown>) =>
        p.then(
          () => errors.push(new Error('expected a failure')),
          (e) => errors.push(e),
        );

      await client.positions.list(); // tokens issued
      expect(fake.issued.length).toBeGreaterThan(0);
      // The service echoes every credential header and the body into its error code.
      fake.override(route('GET', /^\/positions$/), echo(400));
      await capture(client.positions.list());
      fake.override(route('GET', /^\/watchlists$/), echo(500), 3);
      await capture(client.watchlists.list());
      // Tokens in a malformed body.
      fake.override(route('GET', /^\/markets$/), (r) => ({
        raw: `{"markets": "${r.headers.cst ?? r.headers.authorization}`,
      }));
      await capture(client.markets.search('eur'));
      // Token expiry, then the re-login / refresh is refused with an echo.
      fake.expireTokens();
      fake.override((r) => r.method === 'POST' && r.path.startsWith('/session'), echo(401), 2);
      await capture(client.categories.list());
      // A mutation that fails ambiguously and one refused afterwards.
      fake.override(route('POST', /^\/positions\/otc$/), { destroy: true });
      await capture(
        dealing.positions.create({
          epic: 'CS.D.EURUSD.CFD.IP',
          direction: 'BUY',
          size: 1,
          currencyCode: 'USD',
          expiry: '-',
        }),
      );
      await capture(
        dealing.positions.create({
          epic: 'CS.D.EURUSD.CFD.IP',
          direction: 'BUY',
          size: 1,
          currencyCode: 'USD',
          expiry: '-',
        }),
      );
      // Validation with a secret as the bad value, a timeout, an unreachable service.
      await capture(client.markets.get(FAKE_PASSWORD));
      fake.override(route('GET', /^\/categories$/), { delayMs: 10_000, body: {} });
      await capture(client.categories.list({ timeoutMs: 50 }));
      await capture(
        fakeClient(
          { ...fake, baseUrl: 'http://127.0.0.1:9/gateway/deal' },
          { logger, sessionVersion },
        ).positions.list(),
      );
      // Bad credentials.
      await capture(fakeClient(fake, { logger, password: `${FAKE_PASSWORD}-wrong`, sessionVersion }).positions.list());

      expect(errors.length).toBe(10);
      for (const error of errors) {
        expect(error).toBeInstanceOf(Error);
        expectClean(everything(error));
      }
      expect(lines.length).toBeGreaterThan(5);
      expectClean(JSON.stringify(lines));
    });
  }

  it('the echoed error code is kept, with the secrets masked', async () => {
    const client = fakeClient(fake);
    await client.positions.list();
    fake.override(route('GET', /^\/positions$/), echo(400));
    const error = await client.positions.list().catch((e) => e);
    expect(error.errorCode).toMatch(/^echo \[redacted\]/);
  });

  it('the sent requests do carry the credentials (the masking is only on the way out)', async () => {
    await fakeClient(fake).positions.list();
    expect(fake.logins()[0]?.body).toMatchObject({ password: FAKE_PASSWORD });
    expect(fake.calls()[0]?.headers['x-ig-api-key']).toBe(FAKE_API_KEY);
  });
});
