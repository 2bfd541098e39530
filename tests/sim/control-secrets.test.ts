// The simulator's control calls for the secret scan and the fault suite: every token it issued, and the
// allowances it reports for its API key.
import { describe, expect, it } from 'vitest';
import { simPerTest } from './helpers';

const setup = simPerTest();

describe('simulator control', () => {
  it('lists every token it issued, across logins, logouts and resets', async () => {
    const { sim, client } = await setup();
    const first = { ...client.headers };
    await client.req('DELETE', '/session');
    sim.control.reset();
    await client.loginV3();
    const tokens = sim.control.issuedTokens();
    expect(tokens).toEqual(expect.arrayContaining([first.CST, first['X-SECURITY-TOKEN']]));
    expect(tokens.some((t) => t.startsWith('SIMACC-'))).toBe(true);
    expect(tokens.some((t) => t.startsWith('SIMREF-'))).toBe(true);
    const res = await fetch(`${new URL(sim.baseUrl).origin}/__control/tokens`);
    expect(((await res.json()) as { tokens: string[] }).tokens).toEqual(tokens);
  });

  it('sets the allowances it reports for its API key, refuses nonsense, and a reset restores them', async () => {
    const { sim, client } = await setup();
    const mine = async () =>
      (
        (await client.req('GET', '/operations/application')).body as {
          apiKey: string;
          allowanceAccountOverall: number;
        }[]
      ).find((a) => a.apiKey === sim.apiKey);
    expect((await mine())?.allowanceAccountOverall).toBe(30);
    const res = await fetch(`${new URL(sim.baseUrl).origin}/__control/allowances`, {
      method: 'POST',
      body: JSON.stringify({ allowanceAccountOverall: 5000, allowanceApplicationOverall: 6000 }),
    });
    expect(res.status).toBe(200);
    expect(await mine()).toMatchObject({ allowanceAccountOverall: 5000, allowanceApplicationOverall: 6000 });
    expect(() => sim.control.setAllowances({ allowanceAccountTrading: -1 })).toThrow(/positive/);
    sim.control.reset();
    await client.loginV2();
    expect((await mine())?.allowanceAccountOverall).toBe(30);
  });
});
