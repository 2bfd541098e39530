// Secrets go only to the host the user approved: a settings file pointing at a second server (on a host
// the user never granted, that answers every CORS preflight as a hostile one would) gets it no API key,
// password or token, neither by the import nor by a connection that ends up pointing at it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './harness';
import { ACCOUNT } from './journeys/data';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server that lets any origin send anything, and records every request it receives. */
async function hostileServer() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Expose-Headers': 'CST, X-SECURITY-TOKEN',
        'Access-Control-Allow-Private-Network': 'true',
        'Content-Type': 'application/json',
      });
      res.end(req.method === 'OPTIONS' ? undefined : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // The same machine under a name the user never granted (the sim's http://127.0.0.1/* is granted).
    baseUrl: `http://localhost:${port}/gateway/deal`,
    host: `localhost:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a settings file pointing at an ungranted host: that host receives no API key, password or token', async ({
  configure,
  openPage,
  sim,
  capture,
  expectErrors,
}) => {
  const hostile = await hostileServer();
  try {
    expectErrors(/did not contact localhost/);
    await configure();
    const options = await openPage('options.html');
    await options.getByRole('button', { name: 'Check' }).click();
    await expect(options.getByTestId('options-check-result')).toContainText(ACCOUNT.connected);

    const file = {
      format: 'marketside-settings',
      version: 1,
      exportedAt: 0,
      connection: { environment: 'custom', baseUrl: hostile.baseUrl, sessionVersion: 2 },
    };
    await options.locator('input[type="file"]').setInputFiles({
      name: 'marketside-settings.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    const notice = options.getByTestId('options-file-gateway');
    await expect(notice).toContainText(`This file points to ${hostile.host}`);
    await expect(notice).toContainText(`stay with ${new URL(sim.baseUrl).host}`);
    await expect(notice.getByRole('button', { name: `Review ${hostile.host} in Connection` })).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    await capture(options, 'options-import-other-gateway');

    // Connecting again goes where the credentials were entered.
    await options.getByRole('button', { name: 'Check' }).click();
    await expect(options.getByTestId('options-check-result')).toContainText(ACCOUNT.connected);

    // Were the connection to point there anyway (a profile written by hand, an old version's import),
    // the background refuses before anything leaves, and says which host.
    await configure({ baseUrl: hostile.baseUrl });
    await options.reload();
    await options.getByRole('button', { name: 'Check' }).click();
    await expect(options.getByTestId('options-check-result')).toContainText(
      `Marketside did not contact ${hostile.host}`,
    );
    // The popup asks for prices and the stream: both refused, nothing sent.
    const popup = await openPage('popup.html');
    await expect(popup.getByText(`Delayed (polling): Marketside did not contact ${hostile.host}`)).toBeVisible();

    const leaked = hostile.received.filter((r) => {
      const all = JSON.stringify(r);
      return all.includes(sim.apiKey) || all.includes(sim.password) || /cst|x-security-token|authorization/i.test(all);
    });
    expect(leaked).toEqual([]);
    expect(hostile.received).toEqual([]);
  } finally {
    await hostile.close();
  }
});
