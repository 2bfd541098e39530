// The end-to-end fixture: the built extension in Debian's Chromium against the simulated service.
// Every test gets a fresh browser profile and a fresh simulated service (seed 42, no rate limits
// unless the file says `test.use({ simOptions: { rateLimits: true } })`). Console errors of the
// pages and the service worker fail the test unless it declared them with `expectErrors`.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Fixtures as PlaywrightFixtures,
  type TestInfo,
  type Worker,
} from '@playwright/test';
import type { Connection } from '../lib/settings/registry';
import { type SimHandle, type SimOptions, startSim } from '../sim/server';
import { type Recording, startRecording } from './console-log';
import {
  closeWelcomePages,
  configureConnection,
  type ExtensionGlobals,
  findServiceWorker,
  type Launched,
  launchJourneyBrowser,
  openExtensionPage,
  PROFILE_ROOT,
  ROOT,
  saveScreenshot,
} from './launch';
import { noteBrowserCpu } from './process-cpu';

export type { SimHandle };
export { expect };

export const SCREENSHOT_DIR = join(ROOT, 'artifacts', 'screenshots');

export type { SimOptions } from '../sim/server';

/** What the pages and the service worker logged as errors during a test. */
export interface Diagnostics {
  errors: string[];
  expected: RegExp[];
}

export interface Fixtures {
  /** Options for this test's simulated service; `port` is always a free one. */
  simOptions: SimOptions;
  sim: SimHandle;
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker as it runs now (re-found if Chromium restarted it). */
  serviceWorker: Worker;
  /** Opens `chrome-extension://<id>/<path>` in a new tab (popup.html gets the popup's size). */
  openPage: (path: string, viewport?: { width: number; height: number }) => Promise<Page>;
  /** Connects Marketside to this test's sim (environment 'custom', credentials for this browser session). */
  configure: (overrides?: Partial<Connection>) => Promise<void>;
  /** Declares console errors this test expects; any other error still fails it. */
  expectErrors: (...patterns: (string | RegExp)[]) => void;
  /** Saves a screenshot to artifacts/screenshots/<name>.png and returns the path. */
  capture: (page: Page, name: string) => Promise<string>;
  diagnostics: Diagnostics;
  /**
   * Starts Chromium again on this test's profile after it went away on its own (it crashed): the new
   * context is watched and recorded as the first one was. Refused while the current one is open.
   */
  relaunch: () => Promise<Launched>;
  /** The test's Chromium: its profile, the contexts launched on it and the one running now. */
  chromiumSession: ChromiumSession;
  /** Keep the welcome page a new install opens (`test.use({ keepWelcome: true })`); closed otherwise. */
  keepWelcome: boolean;
}

interface ChromiumSession {
  current: Launched;
  relaunch(): Promise<Launched>;
}

function escapeRegExp(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** What both browsers' suites set up alike: a fresh simulated service and the console errors of a test. */
export type SharedFixtures = Pick<Fixtures, 'simOptions' | 'sim' | 'diagnostics' | 'expectErrors'>;

export const sharedFixtures: PlaywrightFixtures<SharedFixtures> = {
  simOptions: [{ seed: 42, rateLimits: false }, { option: true }],

  sim: async ({ simOptions }, use) => {
    const sim = await startSim({ ...simOptions, port: 0 });
    try {
      await use(sim);
    } finally {
      await sim.close();
    }
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  diagnostics: async ({}, use) => {
    await use({ errors: [], expected: [] });
  },

  expectErrors: async ({ diagnostics }, use) => {
    await use((...patterns) => {
      for (const p of patterns) diagnostics.expected.push(typeof p === 'string' ? escapeRegExp(p) : p);
    });
  },
};

const unexpectedErrors = (diagnostics: Diagnostics) =>
  diagnostics.errors.filter((e) => !diagnostics.expected.some((re) => re.test(e)));

/**
 * A failing test's screenshots (every page still open), taken before its browser closes. The config says
 * `screenshot: 'off'`: Playwright's 'only-on-failure' screenshots every page of every test as its context
 * closes, in case it fails later, and throws most away; on a 2-core CI that was CPU the journeys needed.
 */
export async function screenshotIfFailing(
  contexts: BrowserContext[],
  diagnostics: Diagnostics,
  testInfo: TestInfo,
): Promise<void> {
  const failing = testInfo.status !== testInfo.expectedStatus || unexpectedErrors(diagnostics).length > 0;
  if (!failing) return;
  let n = 0;
  for (const page of contexts.flatMap((c) => c.pages())) {
    const path = testInfo.outputPath(`test-failed-${++n}.png`);
    await page
      .screenshot({ path, timeout: 5_000 })
      .then(() => testInfo.attachments.push({ name: 'screenshot', path, contentType: 'image/png' }))
      .catch(() => {});
  }
}

/** Attaches the errors a test's browser logged, and fails a test that passed if any was not expected. */
export async function failOnUnexpectedErrors(diagnostics: Diagnostics, testInfo: TestInfo): Promise<void> {
  const unexpected = unexpectedErrors(diagnostics);
  if (diagnostics.errors.length) await testInfo.attach('console-errors', { body: diagnostics.errors.join('\n') });
  // A test that already failed keeps its own error; one that passed fails here.
  if (unexpected.length && testInfo.status === 'passed')
    throw new Error(`The extension logged ${unexpected.length} unexpected error(s):\n${unexpected.join('\n')}`);
}

export const test = base.extend<Fixtures>({
  ...sharedFixtures,

  keepWelcome: [false, { option: true }],

  chromiumSession: async ({ diagnostics, sim, keepWelcome }, use, testInfo) => {
    const profile = await mkdtemp(join(PROFILE_ROOT, 'marketside-e2e-'));
    const launched: { context: BrowserContext; recording: Recording; closed: boolean }[] = [];
    const record = (where: string, text: string) => diagnostics.errors.push(`[${where}] ${text}`);
    const watchWorker = (worker: Worker) => {
      worker.on('console', (msg) => {
        if (msg.type() === 'error') record('service worker', msg.text());
      });
    };
    const start = async (): Promise<Launched> => {
      const started = await launchJourneyBrowser({ userDataDir: profile, keepWelcome: true });
      const { context, serviceWorker } = started;
      // Everything pages see and store is recorded for the secret scan that runs last (zz-secret-scan).
      const entry = { context, recording: await startRecording(context, testInfo, sim), closed: false };
      if (!keepWelcome) closeWelcomePages(context);
      launched.push(entry);
      context.once('close', () => {
        entry.closed = true;
      });
      watchWorker(serviceWorker);
      context.on('serviceworker', watchWorker);
      context.on('console', (msg) => {
        // Service-worker messages are counted by the worker's own listener.
        if (msg.type() === 'error' && msg.worker() === null) record(msg.page()?.url() ?? 'page', msg.text());
      });
      context.on('weberror', (err) => record(err.page()?.url() ?? 'page', String(err.error()?.stack ?? err.error())));
      return started;
    };
    const session: ChromiumSession = {
      current: await start(),
      async relaunch() {
        if (!launched.at(-1)?.closed) throw new Error('relaunch: Chromium is still running this test');
        session.current = await start();
        return session.current;
      },
    };
    try {
      await use(session);
    } finally {
      await screenshotIfFailing(
        launched.filter((l) => !l.closed).map((l) => l.context),
        diagnostics,
        testInfo,
      );
      noteBrowserCpu(testInfo.annotations, profile);
      for (const { context, recording } of launched) {
        await recording.flush().catch(() => {});
        await context.close();
      }
      await rm(profile, { recursive: true, force: true });
    }
    await failOnUnexpectedErrors(diagnostics, testInfo);
  },

  context: async ({ chromiumSession }, use) => {
    await use(chromiumSession.current.context);
  },

  relaunch: async ({ chromiumSession }, use) => {
    await use(() => chromiumSession.relaunch());
  },

  serviceWorker: async ({ context }, use) => {
    await use(await findServiceWorker(context));
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  openPage: async ({ context, extensionId }, use) => {
    await use((path, viewport) => openExtensionPage(context, extensionId, path, viewport));
  },

  configure: async ({ context, sim }, use) => {
    await use(async (overrides) => configureConnection(await findServiceWorker(context), sim, overrides));
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  capture: async ({}, use) => {
    await use((page, name) => saveScreenshot(page, SCREENSHOT_DIR, name));
  },
});

/** Reads the toolbar badge text from the service worker. */
export function badgeText(serviceWorker: Worker): Promise<string> {
  return serviceWorker.evaluate(() => (globalThis as unknown as ExtensionGlobals).chrome.action.getBadgeText({}));
}
