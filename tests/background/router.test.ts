import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AuthError, NetworkError, RateLimitError, TimeoutError } from '../../lib/api';
import type { HandlerContext, Handlers } from '../../lib/background/handlers/table';
import { createRouter } from '../../lib/background/routing/router';
import { missingHandlers, withFallback } from '../../lib/background/routing/unavailable';
import { requests } from '../../lib/messages/contract';

const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;
const PAGE = { id: ID, url: `${ORIGIN}popup.html` };
const ctx = {} as HandlerContext;
const PASSWORD = 'sim-pass-1-Q7xw';
const TOKEN = 'CST-abcdef0123456789';

function routerWith(partial: Partial<Handlers>, secrets: string[] = []) {
  const calls: unknown[] = [];
  const wrapped: Partial<Handlers> = {};
  for (const [name, fn] of Object.entries(partial)) {
    (wrapped as Record<string, unknown>)[name] = async (req: unknown, c: HandlerContext) => {
      calls.push(req);
      return (fn as (r: unknown, c: HandlerContext) => Promise<unknown>)(req, c);
    };
  }
  const route = createRouter({
    extensionId: ID,
    extensionOrigin: ORIGIN,
    handlers: withFallback(wrapped),
    secrets: async () => secrets,
  });
  return { route, calls };
}

const msg = (type: string, data: unknown) => ({ id: 7, type, data, timestamp: Date.now() });

describe('router', () => {
  it('runs the handler of a valid request from an extension page', async () => {
    const { route, calls } = routerWith({ 'markets.facts': async (req) => ({ epic: req.epic }) as never });
    const reply = await route(msg('markets.facts', { epic: 'CS.D.EURUSD.MINI.IP' }), PAGE, ctx);
    expect(reply).toEqual({ ok: true, data: { epic: 'CS.D.EURUSD.MINI.IP' } });
    expect(calls).toHaveLength(1);
  });

  it('answers an unknown message name with bad-request', async () => {
    const { route } = routerWith({});
    expect(await route(msg('markets.deleteEverything', {}), PAGE, ctx)).toEqual({
      ok: false,
      error: { kind: 'bad-request', message: 'Marketside did not understand that request' },
    });
    expect(await route(msg('__proto__', {}), PAGE, ctx)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
  });

  it('rejects a malformed payload with the field at fault, and never runs the handler', async () => {
    const { route, calls } = routerWith({ 'markets.facts': async () => ({}) as never });
    const reply = await route(msg('markets.facts', { epic: '<img onerror=x>' }), PAGE, ctx);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation', field: 'epic' } });
    const wrongType = await route(msg('markets.facts', { epic: 42 }), PAGE, ctx);
    expect(wrongType).toMatchObject({ ok: false, error: { kind: 'validation', field: 'epic' } });
    expect(calls).toHaveLength(0);
  });

  it('ignores a message that is not in the messaging envelope', () => {
    const { route } = routerWith({});
    expect(route({ type: 'status.get' }, PAGE, ctx)).toBeUndefined();
    expect(route('status.get', PAGE, ctx)).toBeUndefined();
    expect(route(null, PAGE, ctx)).toBeUndefined();
  });

  it('gives web pages, content scripts and other extensions nothing', () => {
    const { route, calls } = routerWith({ 'status.get': async () => ({}) as never });
    const m = msg('status.get', {});
    expect(
      route(m, { id: 'another-extension', url: 'chrome-extension://another-extension/x.html' }, ctx),
    ).toBeUndefined();
    expect(route(m, { id: ID, url: 'https://evil.example/page', tab: { id: 3 } }, ctx)).toBeUndefined();
    expect(route(m, { url: 'https://evil.example/page', origin: 'https://evil.example' }, ctx)).toBeUndefined();
    expect(route(m, { id: ID }, ctx)).toBeUndefined();
    expect(route(m, { id: ID, url: `${ORIGIN}popup.html`, origin: 'https://evil.example' }, ctx)).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('maps errors to what a page can show', async () => {
    const cases: [Error, object][] = [
      [
        new AuthError('Login refused', { errorCode: 'error.security.invalid-details', status: 401 }),
        { kind: 'bad-credentials' },
      ],
      [
        new AuthError('Token gone', { errorCode: 'error.security.client-token-invalid', status: 401 }),
        { kind: 'signed-out' },
      ],
      [
        new RateLimitError('Slow down', { errorCode: 'client.rate-budget-exhausted', retryAfterMs: 1234 }),
        { kind: 'rate-limited', retryAfterMs: 1234 },
      ],
      [new NetworkError('Unreachable'), { kind: 'offline' }],
      [new TimeoutError('Too slow'), { kind: 'timeout' }],
    ];
    for (const [err, expected] of cases) {
      const { route } = routerWith({
        'status.get': async () => {
          throw err;
        },
      });
      expect(await route(msg('status.get', {}), PAGE, ctx)).toMatchObject({ ok: false, error: expected });
    }
  });

  it('never lets a credential or token out, in data or in an error', async () => {
    const { route } = routerWith(
      {
        'connection.get': async () =>
          ({ identifier: 'me', note: `password is ${PASSWORD}`, nested: [{ cst: TOKEN }], password: 'x' }) as never,
        'status.get': async () => {
          throw new Error(`failed with ${TOKEN}`);
        },
        'markets.search': async () => {
          throw new AuthError(`Login as me with ${PASSWORD} refused`, { errorCode: 'error.security.invalid-details' });
        },
      },
      [PASSWORD, TOKEN],
    );
    const replies = await Promise.all([
      route(msg('connection.get', {}), PAGE, ctx),
      route(msg('status.get', {}), PAGE, ctx),
      route(msg('markets.search', { term: 'eur' }), PAGE, ctx),
    ]);
    const text = JSON.stringify(replies);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
    expect(replies[0]).toMatchObject({ ok: true, data: { identifier: 'me', password: '[redacted]' } });
  });

  it('answers a name without a handler yet as not available, and lists it as missing', async () => {
    const { route } = routerWith({});
    expect(await route(msg('deal.repeatWindow', {}), PAGE, ctx)).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Not available yet' },
    });
    expect(missingHandlers({})).toHaveLength(Object.keys(requests).length);
  });

  it('validates with the contract schema, so defaults reach the handler', async () => {
    const { route, calls } = routerWith({ 'categories.instruments': async () => ({}) as never });
    await route(msg('categories.instruments', { categoryId: 'FX' }), PAGE, ctx);
    expect(calls[0]).toEqual(v.parse(requests['categories.instruments'], { categoryId: 'FX' }));
    expect(calls[0]).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('masks a PIN in flight in whatever the reply carries, though no stored secret holds it yet', async () => {
    const pin = 'pin-in-flight-93';
    const { route } = routerWith({
      'vault.unlock': async (req) => ({ state: 'none', triesLeft: 5, notice: `echo ${req.pin}` }) as never,
      'vault.setPin': async (req) => {
        throw new AuthError(`bad ${req.currentPin} ${req.pin}`, { status: 401, errorCode: 'x' });
      },
    });
    const echoed = await route(msg('vault.unlock', { pin }), PAGE, ctx);
    expect(JSON.stringify(echoed)).not.toContain(pin);
    expect(echoed).toMatchObject({ ok: true, data: { notice: 'echo [redacted]' } });
    const thrown = await route(
      msg('vault.setPin', { currentPin: pin, pin: `${pin}-new`, pinConfirm: `${pin}-new` }),
      PAGE,
      ctx,
    );
    expect(JSON.stringify(thrown)).not.toContain(pin);
    expect(thrown).toMatchObject({ ok: false });
  });
});
