// Quick lookup end to end. Menu clicks, omnibox typing and keyboard commands cannot be produced from
// Playwright, so each test dispatches the browser event to the listener the worker registered at start
// (`event.dispatch(...)` on the real extension event): the code under test is the production listener,
// and the production build carries no test hook.
import type { Worker } from '@playwright/test';
import { expect, test } from './harness';
import { pageOpened } from './launch';

const EURUSD = 'CS.D.EURUSD.MINI.IP';

interface Suggestion {
  content: string;
  description: string;
}

/** The extension's API as the worker sees it: `browser` (native in Chromium 148+) where the listeners live. */
interface Api {
  contextMenus: {
    onClicked: { dispatch(info: unknown, tab?: unknown): void };
    update(id: string, props: Record<string, unknown>): Promise<void>;
  };
  omnibox: {
    onInputChanged: { dispatch(text: string, suggest: (s: Suggestion[]) => void): void };
    onInputEntered: { dispatch(text: string, disposition: string): void };
  };
  commands: { onCommand: { dispatch(command: string, tab?: unknown): void } };
  runtime: { getContexts(filter: { contextTypes: string[] }): Promise<{ documentUrl?: string }[]> };
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
  windows: { getLastFocused(): Promise<{ id: number }> };
}

interface WorkerGlobals {
  browser?: Api;
  chrome: Api;
  __suggested?: Suggestion[];
}

function api(worker: Worker) {
  return {
    menuClick: (selectionText: string) =>
      worker.evaluate(async (text) => {
        const b = (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome;
        const win = await b.windows.getLastFocused();
        b.contextMenus.onClicked.dispatch(
          { menuItemId: 'marketside-lookup', selectionText: text, editable: false, pageUrl: 'https://example.com/' },
          { id: 1, windowId: win.id, index: 0, url: 'https://example.com/' },
        );
      }, selectionText),
    popups: () =>
      worker.evaluate(
        async () =>
          (
            await (
              (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome
            ).runtime.getContexts({ contextTypes: ['POPUP'] })
          ).length,
      ),
  };
}

test('the menu on selected text opens the lookup with that text, searched', async ({
  configure,
  serviceWorker,
  context,
  sim,
}) => {
  await configure();
  // The entry was created at install: updating it succeeds only if it exists.
  await expect
    .poll(() =>
      serviceWorker.evaluate(() =>
        (
          (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome
        ).contextMenus
          .update('marketside-lookup', { contexts: ['selection'] })
          .then(
            () => true,
            () => false,
          ),
      ),
    )
    .toBe(true);
  const { menuClick, popups } = api(serviceWorker);
  await menuClick('  “Wall Street”\n');

  // The toolbar popup opens with the selection as its query (or, where the browser refuses, the popup
  // page in a small window with ?q=); either way the popup searches the service for it.
  const windowed = () => context.pages().find((p) => p.url().includes('/popup.html?q='));
  await expect.poll(async () => (await popups()) > 0 || Boolean(windowed()), { timeout: 15_000 }).toBe(true);
  const page = windowed();
  if (page) {
    expect(new URL(page.url()).searchParams.get('q')).toBe('Wall Street');
  } else {
    const stored = await serviceWorker.evaluate(
      async () =>
        (
          await (
            (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome
          ).storage.session.get('popupLastQuery')
        ).popupLastQuery,
    );
    expect(stored).toBe('Wall Street');
  }
  await expect
    .poll(
      () =>
        sim.control
          .requestLog()
          .some((e) => e.path === '/markets' && e.query.searchTerm?.toLowerCase() === 'wall street'),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
});

test('the menu on a selected epic opens that market', async ({ configure, serviceWorker, context }) => {
  await configure();
  const opened = pageOpened(context, /popup\.html\?epic=/);
  await api(serviceWorker).menuClick(`${EURUSD}.`);
  const page = await opened;
  expect(new URL(page.url()).searchParams.get('epic')).toBe(EURUSD);
  await expect(page.getByRole('heading', { name: /EUR\/USD/ })).toBeVisible();
});

test('the omnibox suggests markets with their price, and Enter opens the chosen one', async ({
  configure,
  serviceWorker,
  context,
}) => {
  await configure();
  await serviceWorker.evaluate(() => {
    (globalThis as unknown as WorkerGlobals).__suggested = undefined;
    (
      (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome
    ).omnibox.onInputChanged.dispatch('eur/usd', (s) => {
      (globalThis as unknown as WorkerGlobals).__suggested = s;
    });
  });
  await expect
    .poll(() => serviceWorker.evaluate(() => (globalThis as unknown as WorkerGlobals).__suggested?.length ?? 0), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const suggested = (await serviceWorker.evaluate(() => (globalThis as unknown as WorkerGlobals).__suggested)) ?? [];
  const eurusd = suggested.find((s) => s.content === EURUSD);
  expect(eurusd?.description).toMatch(
    new RegExp(`^<match>EUR/USD</match>.* <dim>${EURUSD.replace(/\./g, '\\.')}</dim> [\\d.,]+ / [\\d.,]+`),
  );

  const opened = pageOpened(context, /popup\.html\?epic=/);
  await serviceWorker.evaluate(
    (epic) =>
      (
        (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome
      ).omnibox.onInputEntered.dispatch(epic, 'newForegroundTab'),
    EURUSD,
  );
  const page = await opened;
  expect(new URL(page.url()).searchParams.get('epic')).toBe(EURUSD);
  await expect(page.getByRole('heading', { name: /EUR\/USD/ })).toBeVisible();
});

test('the keyboard command opens the side panel', async ({ configure, serviceWorker, context }) => {
  await configure();
  await serviceWorker.evaluate(async () => {
    const b = (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome;
    const win = await b.windows.getLastFocused();
    b.commands.onCommand.dispatch('open-side-panel', { id: 1, windowId: win.id, index: 0 });
  });
  // A dispatched command is no user gesture, so Chromium may refuse the panel: then the panel page opens in a tab.
  const panels = () =>
    serviceWorker.evaluate(
      async () =>
        (
          await (
            (globalThis as unknown as WorkerGlobals).browser ?? (globalThis as unknown as WorkerGlobals).chrome
          ).runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })
        ).length,
    );
  await expect
    .poll(async () => (await panels()) > 0 || context.pages().some((p) => p.url().endsWith('/sidepanel.html')), {
      timeout: 15_000,
    })
    .toBe(true);
});
