import { describe, expect, it } from 'vitest';
import { createClient, ValidationError } from '../../lib/api';
import { coreOf } from '../../lib/api/core';
import { applicationsReads } from '../../lib/api/groups/applications';
import { categoriesGroup } from '../../lib/api/groups/categories';
import { indicativeCostsGroup } from '../../lib/api/groups/costs';
import {
  confirmationsGroup,
  positionsReads,
  repeatDealingWindowGroup,
  workingOrdersReads,
} from '../../lib/api/groups/dealing-reads';
import { pricesGroup } from '../../lib/api/groups/prices';
import { sessionGroup } from '../../lib/api/groups/session';
import { lazyGroup } from '../../lib/api/lazy-group';

function client(fetch: typeof globalThis.fetch = () => Promise.reject(new Error('no network in this test'))) {
  return createClient({
    baseUrl: 'http://127.0.0.1:9/gateway/deal',
    apiKey: 'k',
    identifier: 'i',
    password: 'p',
    sessionVersion: 2,
    fetch,
  });
}

const labels = (group: object) =>
  Object.fromEntries(Object.entries(group).map(([name, method]) => [name, (method as { label: string }).label]));

describe('groups that load with their first call', () => {
  it('keep every method and spec label of the groups they stand for', () => {
    const c = client();
    const core = coreOf(c);
    expect(labels(c.confirmations)).toEqual(labels(confirmationsGroup(core)));
    expect(labels(c.positions)).toEqual(labels(positionsReads(core)));
    expect(labels(c.repeatDealingWindow)).toEqual(labels(repeatDealingWindowGroup(core)));
    expect(labels(c.workingOrders)).toEqual(labels(workingOrdersReads(core)));
    expect(labels(c.indicativeCosts)).toEqual(labels(indicativeCostsGroup(core)));
    expect(labels(c.applications)).toEqual(labels(applicationsReads(core)));
    expect(labels(c.prices)).toEqual(labels(pricesGroup(core)));
    expect(labels(c.session)).toEqual(labels(sessionGroup(core)));
    expect(labels(c.categories)).toEqual(labels(categoriesGroup(core)));
  });

  it('refuse bad input with a rejected promise and send nothing', async () => {
    let sent = 0;
    const c = client(() => {
      sent++;
      return Promise.reject(new Error('unexpected request'));
    });
    const reply = c.positions.get('');
    expect(reply).toBeInstanceOf(Promise);
    await expect(reply).rejects.toBeInstanceOf(ValidationError);
    await expect(c.confirmations.get('ref with spaces')).rejects.toBeInstanceOf(ValidationError);
    await expect(c.prices.listPoints('IX.D.FTSE.DAILY.IP', 'SECOND', 10)).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toBe(0);
  });

  it('try the load again after it failed, and load once when it succeeds', async () => {
    const core = coreOf(client());
    let loads = 0;
    const group = lazyGroup(
      core,
      async () => {
        loads++;
        if (loads === 1) throw new Error('part missing');
        return () => ({ ping: async (n: number) => n + 1 });
      },
      { ping: 'ping.get' },
    );
    expect(group.ping).toHaveProperty('label', 'ping.get');
    await expect(group.ping(1)).rejects.toThrow(
      "Marketside's ping requests could not be loaded (part missing); reload the extension",
    );
    await expect(group.ping(1)).resolves.toBe(2);
    await expect(group.ping(2)).resolves.toBe(3);
    expect(loads).toBe(2);
  });
});
