// Real IG gateways spell two families of paths their own way (reference §0.1): the journey of sentiment in
// the watchlist and a working order, against a gateway that answers only IG's spellings and one that
// answers only the spec's. On the first, the account must also send its password encrypted (§1.6), so
// the worker's RSA encryption runs in Chromium.
import { grantDemoPermit, openMarket } from './dealing-steps';
import { expect, test } from './harness';

const EURUSD = 'CS.D.EURUSD.CFD.IP';
const SPELLED = { ig: /^\/(clientsentiment|workingorders)/, spec: /^\/(client-sentiment|working-orders)/ };

for (const dialect of ['ig', 'spec'] as const) {
  test.describe(`a gateway that answers only the ${dialect} spellings`, () => {
    test.use({ simOptions: { seed: 42, rateLimits: false, dialect } });

    test('sentiment shows in the watchlist and a working order is placed and listed', async ({
      configure,
      context,
      openPage,
      sim,
    }) => {
      await configure(dialect === 'ig' ? { identifier: sim.encryptedIdentifier } : {});
      const panel = await openPage('sidepanel.html');
      const rows = panel.getByTestId('panel-row');
      await expect(rows).toHaveCount(3);
      await expect(rows.first().getByRole('img', { name: /^Clients \d+% long, \d+% short$/ })).toBeVisible();
      await panel.close();

      await grantDemoPermit(openPage);
      const market = await openMarket(context, openPage, EURUSD);
      await market.getByRole('button', { name: /^New working order on / }).click();
      const form = market.getByRole('form', { name: /^New working order on / });
      await form.getByLabel('Size').fill('1');
      await form.getByLabel('Order level').fill('0.5');
      await form.getByRole('button', { name: 'Place order' }).click();
      await expect(form).toContainText(/Order .*accepted|accepted/i);
      // Sent with the reference the form made for this submit, which the background places once.
      expect((await sim.control.state()).workingOrders).toEqual([
        expect.objectContaining({ dealReference: expect.stringMatching(/^MS-[A-Z0-9]+-[A-Z0-9]{12}$/) }),
      ]);

      await market.getByRole('button', { name: 'Positions' }).click();
      await expect(market.getByTestId('panel-order')).toHaveCount(1);

      const answered = sim.control
        .requestLog()
        .filter((e) => /sentiment|orders/.test(e.path) && e.status < 400)
        .map((e) => `${e.method} ${e.path}`);
      expect(answered.some((l) => l.startsWith('GET') && /sentiment/.test(l))).toBe(true);
      expect(answered.filter((l) => l.startsWith('POST'))).toHaveLength(1);
      expect(answered.every((l) => SPELLED[dialect].test(l.split(' ')[1] ?? ''))).toBe(true);
      const logins = sim.control.requestLog().filter((e) => e.path.startsWith('/session') && e.method !== 'DELETE');
      if (dialect === 'ig')
        expect(logins.some((e) => e.path === '/session/encryptionKey' && e.status === 200)).toBe(true);
    });
  });
}
