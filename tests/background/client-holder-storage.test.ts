// What the background's client keeps across a worker restart, through the registry: the spelling each
// gateway answered in, that an account must encrypt its password, and the rate budget's counts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitError } from '../../lib/api';
import { accountKey, ClientHolder } from '../../lib/background/session/client-holder';
import { gatewaySpellings, loginEncryption, rateBudgets, sessionTokens } from '../../lib/settings/registry';
import { configure } from '../helpers/sim-connection';
import { fakeBrowser, type SimHandle, startSim } from './sim-setup';

let ig: SimHandle;
beforeAll(async () => {
  ig = await startSim({ port: 0, seed: 9, rateLimits: false, dialect: 'ig' });
});
afterAll(() => ig.close());
beforeEach(async () => {
  fakeBrowser.reset();
  ig.control.reset();
  await configure(ig);
});

const logOf = (match: RegExp) =>
  ig.control
    .requestLog()
    .filter((e) => match.test(e.path))
    .map((e) => `${e.method} ${e.path} ${e.status}`);

describe('the background client across a worker restart', () => {
  it('remembers per gateway the spelling that answered, so a restarted worker goes straight to it', async () => {
    const first = await new ClientHolder().get();
    await first.workingOrders.list();
    expect(logOf(/orders/)).toEqual(['GET /working-orders 404', 'GET /workingorders 200']);
    expect(await gatewaySpellings.getValue()).toEqual({ [ig.baseUrl]: 'ig' });
    ig.control.clearLog();
    const restarted = await new ClientHolder().get();
    await restarted.workingOrders.list();
    expect(logOf(/orders/)).toEqual(['GET /workingorders 200']);
  });

  it('remembers that an account must encrypt its password; the setting encrypts from the first login', async () => {
    await configure({ ...ig, identifier: ig.encryptedIdentifier });
    await new ClientHolder().signedIn();
    expect(logOf(/^\/session/)).toEqual(['POST /session 400', 'GET /session/encryptionKey 200', 'POST /session 200']);
    expect((await loginEncryption.getValue()).required).toEqual([
      accountKey({ baseUrl: ig.baseUrl, identifier: ig.encryptedIdentifier }),
    ]);
    ig.control.clearLog();
    await sessionTokens.removeValue();
    await new ClientHolder().signedIn();
    expect(logOf(/^\/session/)).toEqual(['GET /session/encryptionKey 200', 'POST /session 200']);

    await configure(ig);
    await loginEncryption.setValue({ always: true, required: [] });
    ig.control.clearLog();
    await new ClientHolder().signedIn();
    expect(logOf(/^\/session/)).toEqual(['GET /session/encryptionKey 200', 'POST /session 200']);
    const stored = JSON.stringify([
      await fakeBrowser.storage.local.get(null),
      await fakeBrowser.storage.session.get(null),
    ]);
    expect(stored).not.toContain('encryptedPassword');
  });

  it('keeps the minute’s counts in storage.session: a worker restarted mid-minute does not overspend', async () => {
    const now = () => 1_700_000_000_000;
    const options = { now, allowances: { nonTradingPerMinute: 3 } };
    const before = await new ClientHolder(options).get();
    await before.watchlists.list(); // the login and the read: 2 of 3
    expect(Object.keys(await rateBudgets.getValue())).toEqual([ig.baseUrl]);
    expect(await fakeBrowser.storage.local.get('rateBudgets')).toEqual({});
    const after = await new ClientHolder(options).get();
    await after.budget.restore();
    expect(after.budget.state().nonTrading.used).toBe(2);
    await after.watchlists.list();
    const sent = ig.control.requestCount();
    const refused = await after.watchlists.list().catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused.errorCode).toBe('client.rate-budget-exhausted');
    expect(ig.control.requestLog()).toHaveLength(sent);
  });
});
