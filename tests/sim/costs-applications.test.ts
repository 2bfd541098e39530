import { describe, expect, it } from 'vitest';
import { errorCode, simPerTest } from './helpers';

const setup = simPerTest();

const quoteBody = {
  epic: 'FP.D.AIR.CASH.IP',
  direction: 'BUY',
  size: 10,
  bid: 162.1,
  ask: 162.4,
  dealCurrencyCode: 'EUR',
  dealReference: 'QUOTE-1',
};

describe('indicative costs and charges', () => {
  it('quotes an open with plausible figures and a reference, and never executes a trade', async () => {
    const { sim, client } = await setup();
    const r = await client.post('/indicativecostsandcharges/open', quoteBody);
    const q = r.body as Record<string, number | string>;
    expect(r.status).toBe(200);
    expect(q.indicativeQuoteReference).toMatch(/^IQR/);
    expect(q.currencyCodeISO).toBe('EUR');
    expect(q.notionalValue).toBeCloseTo(1624, 0);
    expect(q.openingSpread).toBeCloseTo(1.5, 1);
    expect(q.openingIFTT as number).toBeGreaterThan(0);
    expect(q.overnightFundingFee as number).toBeGreaterThan(0);
    expect(sim.control.state().positions).toHaveLength(0);
  });

  it('quotes close and edit, and answers bad bodies with the client error', async () => {
    const { client } = await setup();
    const close = (await client.post('/indicativecostsandcharges/close', { ...quoteBody, openingLevel: 150 })).body as {
      close: Record<string, unknown>;
      currencyCodeISO: string;
    };
    expect(close.close.indicativeQuoteReference).toMatch(/^IQR/);
    expect(close.close).toHaveProperty('closingSpread');
    const edit = (
      await client.post('/indicativecostsandcharges/edit', { ...quoteBody, openingLevel: 150, editType: 'STOP' })
    ).body as { limit: object; stop: object };
    expect(edit.stop).toHaveProperty('notionalValue');
    const bad = await client.post('/indicativecostsandcharges/open', { epic: 'FP.D.AIR.CASH.IP' });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'public-api.costs-and-charges.client-error']);
    expect(errorCode(await client.post('/indicativecostsandcharges/close', quoteBody))).toBe(
      'public-api.costs-and-charges.client-error',
    );
  });

  it('serves the durable medium as a real PDF and lists quotes by date range', async () => {
    const { client } = await setup();
    const ref = (
      (await client.post('/indicativecostsandcharges/open', quoteBody)).body as { indicativeQuoteReference: string }
    ).indicativeQuoteReference;
    const pdf = await fetch(`${client.sim.baseUrl}/indicativecostsandcharges/durablemedium/${ref}`, {
      headers: { 'X-IG-API-KEY': client.sim.apiKey, ...client.headers },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    expect(text).toContain(ref);
    const missing = await client.get('/indicativecostsandcharges/durablemedium/IQRNOPE');
    expect([missing.status, errorCode(missing)]).toEqual([
      404,
      'public-api.costs-and-charges.indicative-quote-reference-not-found',
    ]);
    const history = (
      await client.get('/indicativecostsandcharges/history/from/2026-11-18T00:00:00.000Z/to/2026-11-19T00:00:00.000Z')
    ).body as { costsAndChargesHistory: Record<string, unknown>[]; pagination: Record<string, number> };
    expect(history.costsAndChargesHistory).toHaveLength(1);
    expect(history.costsAndChargesHistory[0]).toMatchObject({
      indicativeQuoteReference: ref,
      type: 'OPEN',
      direction: 'BUY',
    });
    expect(history.pagination.totalElements).toBe(1);
    const before = (
      await client.get('/indicativecostsandcharges/history/from/2026-11-01T00:00:00/to/2026-11-02T00:00:00')
    ).body as { costsAndChargesHistory: unknown[] };
    expect(before.costsAndChargesHistory).toEqual([]);
  });
});

describe('applications and rate limits', () => {
  it('lists applications as an array with allowances, and updates them', async () => {
    const { sim, client } = await setup();
    const list = (await client.get('/operations/application')).body as Record<string, unknown>[];
    expect(Array.isArray(list)).toBe(true);
    const mine = list.find((a) => a.apiKey === sim.apiKey);
    expect(mine).toMatchObject({ status: 'ENABLED', allowanceAccountOverall: 30, allowanceAccountTrading: 100 });
    const updated = await client.put('/operations/application', { apiKey: sim.apiKey, allowanceAccountOverall: 20 });
    expect((updated.body as Record<string, unknown>).allowanceAccountOverall).toBe(20);
    expect(errorCode(await client.put('/operations/application', { apiKey: 'nope' }))).toBe('invalid.request.apiKey');
  });

  it('enforces per-minute allowances from the application, and lets them recover', async () => {
    const { sim, client } = await setup({ rateLimits: true });
    await client.put('/operations/application', {
      apiKey: sim.apiKey,
      allowanceAccountOverall: 3,
      allowanceAccountTrading: 2,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.get('/markets?searchTerm=gold')).status);
    expect(statuses).toEqual([200, 200, 403]);
    expect(errorCode(await client.get('/watchlists'))).toBe('error.public-api.exceeded-account-allowance');
    const deal = {
      epic: 'CS.D.BITCOIN.CFD.IP',
      expiry: '-',
      direction: 'BUY',
      size: 1,
      orderType: 'MARKET',
      currencyCode: 'USD',
      forceOpen: true,
      guaranteedStop: false,
    };
    expect((await client.post('/positions/otc', deal, { version: 2 })).status).toBe(200);
    expect((await client.post('/positions/otc', deal, { version: 2 })).status).toBe(200);
    expect(errorCode(await client.post('/positions/otc', deal, { version: 2 }))).toBe(
      'error.public-api.exceeded-account-trading-allowance',
    );
    sim.control.advanceClock(61_000);
    expect((await client.get('/watchlists')).status).toBe(200);
  });

  it('enforces the application-wide allowance across accounts', async () => {
    const { sim, client } = await setup({ rateLimits: true });
    await client.put('/operations/application', { apiKey: sim.apiKey, allowanceAccountOverall: 100 });
    for (let i = 0; i < 40; i++) expect((await client.get('/watchlists')).status).toBe(200);
    const spreadbet = sim.accounts.find((a) => a.accountType === 'SPREADBET')?.accountId ?? '';
    const sw = await client.put('/session', { accountId: spreadbet });
    client.headers['X-SECURITY-TOKEN'] = sw.headers.get('x-security-token') ?? '';
    let ok = 0;
    let refused: string | undefined;
    while (refused === undefined && ok < 100) {
      const r = await client.get('/watchlists');
      if (r.status === 200) ok++;
      else refused = errorCode(r);
    }
    expect(ok).toBe(19);
    expect(refused).toBe('error.public-api.exceeded-api-key-allowance');
  });

  it('disabling the application locks its key out', async () => {
    const { client } = await setup();
    const r = await client.put('/operations/application/disable', {});
    expect((r.body as { status: string }).status).toBe('DISABLED');
    const after = await client.get('/watchlists');
    expect([after.status, errorCode(after)]).toEqual([403, 'error.security.api-key-disabled']);
  });
});
