// A woken worker answers every kind of request a trader makes (Chromium): each is asked of a worker just
// stopped, and again after the browser started again on the same profile.
import type { BrowserContext, Page } from '@playwright/test';
import { ask } from './extension-calls';
import { expect, test } from './harness';
import { configureConnection, openExtensionPage } from './launch';

/**
 * How to stop the extension's service worker through DevTools, returning once it has stopped (an open
 * page's live Port may wake it again at once: that is a woken worker too). One DevTools session on `page`.
 */
async function workerStopper(context: BrowserContext, page: Page, extensionId: string): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  let stopped = false;
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const v of event.versions)
      if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) && v.runningStatus === 'stopped') stopped = true;
  });
  await cdp.send('ServiceWorker.enable');
  return async () => {
    stopped = false;
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => stopped, { timeout: 10_000 }).toBe(true);
  };
}

/** Types in the omnibox of the worker a page's message just woke (the event dispatched to its listener). */
async function omniboxSuggests(context: BrowserContext, page: Page): Promise<number> {
  await ask(page, 'status.get', {});
  const worker = context.serviceWorkers().at(-1);
  if (!worker) throw new Error('No service worker after a message woke it');
  type Omnibox = { omnibox: { onInputChanged: { dispatch(text: string, suggest: (s: unknown[]) => void): void } } };
  type Globals = { browser?: Omnibox; chrome: Omnibox; __suggested?: unknown[] };
  await worker.evaluate(() => {
    const g = globalThis as unknown as Globals;
    g.__suggested = undefined;
    (g.browser ?? g.chrome).omnibox.onInputChanged.dispatch('germany', (s) => {
      g.__suggested = s;
    });
  });
  await expect
    .poll(() => worker.evaluate(() => (globalThis as unknown as Globals).__suggested?.length ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return 1;
}

/** Each kind of request a trader makes, each of a worker just woken. */
async function askEveryKind(context: BrowserContext, extensionId: string, page: Page) {
  const lists = await ask<{ value: { id: string; editable: boolean }[] }>(page, 'watchlists.list', {});
  const mine = lists.value.find((w) => w.editable) ?? lists.value[0];
  if (!mine) throw new Error('The simulated account has no watchlist');
  const hours = (n: number) => n * 3_600_000;
  const steps: [string, () => Promise<unknown>][] = [
    ['alert rules', () => ask(page, 'alerts.list', {})],
    ['settings file', () => ask(page, 'settings.export', {})],
    ['watchlist file', () => ask(page, 'watchlists.export', { id: mine.id })],
    ['dealing', () => ask(page, 'permit.get', {})],
    ['positions', () => ask(page, 'positions.list', {})],
    [
      'price history',
      () =>
        ask(page, 'prices.history', {
          epic: 'IX.D.FTSE.DAILY.IP',
          resolution: 'HOUR',
          from: Date.now() - hours(6),
          to: Date.now(),
        }),
    ],
    ['categories', () => ask(page, 'categories.list', {})],
    ['account funds', () => ask(page, 'account.funds', {})],
    ['connection settings and login', () => ask(page, 'connection.check', {})],
    [
      'watchlist edits through the permit guard',
      async () => {
        const made = await ask<{ id: string }>(page, 'watchlists.create', { name: 'Parts check', epics: [] });
        return ask(page, 'watchlists.delete', { id: made.id });
      },
    ],
    ['omnibox', () => omniboxSuggests(context, page)],
  ];
  const stopWorker = await workerStopper(context, page, extensionId);
  for (const [kind, step] of steps) {
    await stopWorker();
    await expect(step(), `${kind} in a woken worker`).resolves.toBeDefined();
  }
}

test('a worker woken after it stopped answers every kind of request, and after the browser starts again', async ({
  configure,
  context,
  extensionId,
  openPage,
  relaunch,
  sim,
}) => {
  await configure();
  const page = await openPage('options.html');
  await askEveryKind(context, extensionId, page);

  const exported = await ask<{ filename: string; json: string }>(page, 'settings.export', {});
  expect(exported.filename).toMatch(/^marketside-settings-\d{4}-\d{2}-\d{2}\.json$/);

  await context.close();
  const again = await relaunch();
  await configureConnection(again.serviceWorker, sim);
  const reopened = await openExtensionPage(again.context, again.extensionId, 'options.html');
  await askEveryKind(again.context, again.extensionId, reopened);
});
