// Hostile input met the way users meet Marketside: script in names coming back from the service is
// shown as text, web pages cannot talk to the background, bad form input gets a clear error and sends
// nothing. Every test here is also recorded for the secret scan (e2e/console-log.ts).
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startRecording } from './console-log';
import { expect, test as harness } from './harness';
import { EXTENSION_DIR, type ExtensionGlobals } from './launch';

const test = harness.extend<{ recorded: undefined }>({
  recorded: [
    async ({ context, sim }, use, testInfo) => {
      const recording = await startRecording(context, testInfo, sim);
      await use(undefined);
      await recording.flush();
    },
    { auto: true },
  ],
});

const SCRIPT = '<img src=x onerror="window.__pwned=1">';
const EURUSD = 'CS.D.EURUSD.MINI.IP';
const MY_WATCHLIST = '7064175';

interface Proxy {
  baseUrl: string;
  close(): Promise<void>;
}

/** Sits in front of the simulated service and renames every watchlist in `GET /watchlists` replies. */
async function renamingProxy(target: string, rename: (name: string) => string): Promise<Proxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstream.host },
        },
        (reply) => {
          const body: Buffer[] = [];
          reply.on('data', (c: Buffer) => body.push(c));
          reply.on('end', () => {
            let text = Buffer.concat(body).toString('utf8');
            const path = new URL(req.url ?? '/', 'http://x').pathname;
            if (req.method === 'GET' && path.endsWith('/gateway/deal/watchlists') && reply.statusCode === 200) {
              const json = JSON.parse(text) as { watchlists: { name: string }[] };
              for (const w of json.watchlists) w.name = rename(w.name);
              text = JSON.stringify(json);
            }
            const headers = { ...reply.headers };
            delete headers['content-length'];
            res.writeHead(reply.statusCode ?? 502, headers);
            res.end(text);
          });
        },
      );
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

test.describe('script in names from the service is shown as text', () => {
  test('a market name with an <img onerror> in the popup and the side panel', async ({ configure, openPage, sim }) => {
    await configure();
    sim.control.setMarket(EURUSD, { instrumentName: SCRIPT });

    const popup = await openPage(`popup.html?epic=${EURUSD}`);
    const market = popup.getByTestId('popup-market');
    await expect(market.getByRole('heading', { level: 1 })).toHaveText(SCRIPT);
    await expect(popup.locator('img[src="x"]')).toHaveCount(0);
    expect(await popup.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    const panel = await openPage('sidepanel.html');
    await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST);
    const row = panel.locator(`[data-testid="panel-row"][data-epic="${EURUSD}"]`);
    await expect(row).toContainText(SCRIPT);
    await expect(row.locator('img')).toHaveCount(0);
    await expect(panel.locator('img[src="x"]')).toHaveCount(0);
    expect(await panel.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  test('a watchlist name with an <img onerror> in the side panel and the popup', async ({
    configure,
    openPage,
    sim,
  }) => {
    const proxy = await renamingProxy(sim.baseUrl, (name) => (name === 'My Watchlist' ? `${SCRIPT} list` : name));
    try {
      await configure({ baseUrl: proxy.baseUrl });
      const panel = await openPage('sidepanel.html');
      const picker = panel.getByRole('combobox', { name: 'Watchlist' });
      await expect(picker.locator(`option[value="${MY_WATCHLIST}"]`)).toHaveText(`${SCRIPT} list`);
      await expect(panel.locator('img[src="x"]')).toHaveCount(0);
      expect(await panel.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

      const popup = await openPage(`popup.html?epic=${EURUSD}`);
      const choose = popup.getByTestId('popup-market').getByRole('combobox', { name: 'Watchlist' });
      await expect(choose.locator(`option[value="${MY_WATCHLIST}"]`)).toHaveText(`${SCRIPT} list`);
      await expect(popup.locator('img[src="x"]')).toHaveCount(0);
      expect(await popup.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });
});

test.describe('web pages get nothing from the background', () => {
  test('the manifest declares no externally_connectable', async ({ serviceWorker }) => {
    const built = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(built).not.toHaveProperty('externally_connectable');
    const live = await serviceWorker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { runtime: { getManifest(): Record<string, unknown> } } }
      ).chrome.runtime.getManifest(),
    );
    expect(live).not.toHaveProperty('externally_connectable');
  });

  test('a web page that messages our extension id gets no answer and changes nothing', async ({
    context,
    configure,
    extensionId,
    serviceWorker,
    sim,
  }) => {
    await configure();
    const site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Some site</title><p>hello</p>');
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const before = sim.control.requestLog().length;
      const outcome = await page.evaluate(async (id) => {
        const chrome = (
          globalThis as { chrome?: { runtime?: { sendMessage?: (id: string, m: unknown) => Promise<unknown> } } }
        ).chrome;
        if (!chrome?.runtime?.sendMessage) return { reached: false, how: 'no chrome.runtime for web pages' };
        const message = { id: 1, type: 'connection.forget', data: {}, timestamp: Date.now() };
        try {
          const reply = await Promise.race([
            chrome.runtime.sendMessage(id, message),
            new Promise((done) => setTimeout(() => done('timeout'), 3_000)),
          ]);
          return { reached: reply !== undefined && reply !== 'timeout', how: String(reply) };
        } catch (err) {
          return { reached: false, how: `refused: ${String(err)}` };
        }
      }, extensionId);
      expect(outcome.reached, outcome.how).toBe(false);
      expect(sim.control.requestLog().length).toBe(before);
      const stored = await serviceWorker.evaluate(() =>
        (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get('connection'),
      );
      expect(stored.connection).toMatchObject({ identifier: sim.identifier });
    } finally {
      await new Promise<void>((done) => {
        site.close(() => done());
        site.closeAllConnections();
      });
    }
  });
});

test.describe('invalid input in page forms', () => {
  test('a watchlist name with control characters is refused with a clear error and sends nothing', async ({
    configure,
    openPage,
    sim,
  }) => {
    await configure();
    const panel = await openPage('sidepanel.html');
    await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST);
    const before = sim.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/watchlists').length;

    await panel.getByRole('button', { name: 'New' }).click();
    const name = panel.getByRole('textbox', { name: 'New watchlist name' });
    await name.fill('Bell\u0007 and\u0000 nul');
    await panel.getByRole('button', { name: 'Create' }).click();
    await expect(panel.getByRole('alert').filter({ hasText: /control characters/i })).toBeVisible();

    // Megabytes pasted: the field keeps at most what a watchlist name may hold.
    await name.fill('x'.repeat(2_000_000));
    expect((await name.inputValue()).length).toBeLessThanOrEqual(50);

    const after = sim.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/watchlists').length;
    expect(after).toBe(before);
    expect(sim.control.state().watchlists.some((w) => /\p{Cc}/u.test(w.name))).toBe(false);
  });

  test('the popup’s inline new-watchlist name refuses control characters and sends nothing', async ({
    configure,
    openPage,
    sim,
  }) => {
    await configure();
    const popup = await openPage(`popup.html?epic=${EURUSD}`);
    const market = popup.getByTestId('popup-market');
    await market.getByRole('combobox', { name: 'Watchlist' }).selectOption({ label: 'New watchlist…' });
    await market.getByRole('textbox', { name: 'New watchlist name' }).fill('Tab\tand\u001b[31m escape');
    const before = sim.control.requestLog().length;
    await market.getByRole('button', { name: 'Add to watchlist' }).click();
    await expect(market.getByText('A watchlist name cannot contain control characters')).toBeVisible();
    // The live-price stream opens on its own while a page is open; it changes nothing at the service.
    expect(
      sim.control
        .requestLog()
        .slice(before)
        .filter((e) => e.method !== 'GET' && !e.path.startsWith('/lightstreamer')),
    ).toEqual([]);
  });
});
