// Launching Debian's Chromium with the built Marketside and pointing it at a trading service:
// shared by the end-to-end harness, the demo and the benchmarks, so there is one way to do it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { defaultPrefs, type Prefs } from '../lib/settings/prefs';
import type { Connection } from '../lib/settings/registry';
import { PREFS_STORED } from '../lib/settings/stored-items';
import { browserNeed } from '../scripts/browsers';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const EXTENSION_DIR = join(ROOT, '.output', 'chrome-mv3');
export const CHROMIUM = browserNeed('chromium', process.env).path;
/** The size Chrome gives the popup here (its body is 380 px wide). */
export const POPUP_VIEWPORT = { width: 380, height: 600 };
export const SIDEPANEL_VIEWPORT = { width: 400, height: 760 };

/**
 * Where browser profiles go: memory (/dev/shm) when the machine has it, else the temporary folder. On a disk,
 * a profile's writes and its removal cost each journey about half a second (1.0 -> 0.3 s to close and remove
 * one, this 2-core machine under load) and wait on the disk the other lanes share.
 */
export const PROFILE_ROOT = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
})();

/** The extension APIs tests call inside the service worker (`chrome` is not typed in this project). */
export interface ExtensionGlobals {
  chrome: {
    storage: {
      local: {
        get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
        set(items: Record<string, unknown>): Promise<void>;
      };
      session: {
        get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
        set(items: Record<string, unknown>): Promise<void>;
      };
    };
    action: { getBadgeText(details: { tabId?: number }): Promise<string> };
    runtime: {
      getContexts(filter: { contextTypes?: string[] }): Promise<{ contextType: string; documentUrl?: string }[]>;
    };
  };
}

/** Builds the Chrome extension into .output/chrome-mv3 (throws when the build fails). */
export function buildExtension(): void {
  const result = spawnSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The extension did not build (npx wxt build failed)');
}

/**
 * What the user of every profile here has allowed: the simulated service's host. Headless Chromium cannot
 * answer the browser's permission prompt, so the extension loads from a copy whose manifest grants these
 * hosts outright; `permissions.contains` then answers as after the user allowed them. Every other host
 * (http://localhost, a second server) stays ungranted, and the background refuses to send it anything.
 */
export const GRANTED_HOSTS = ['http://127.0.0.1/*'];

/** Copies the built extension to `into` with `hosts` granted (the same folder keeps the same extension id). */
export function withGrantedHosts(extensionDir: string, into: string, hosts: string[]): string {
  rmSync(into, { recursive: true, force: true });
  cpSync(extensionDir, into, { recursive: true });
  const file = join(into, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[] | undefined>;
  manifest.host_permissions = [...(manifest.host_permissions ?? []), ...hosts];
  manifest.optional_host_permissions = (manifest.optional_host_permissions ?? []).filter((h) => !hosts.includes(h));
  writeFileSync(file, JSON.stringify(manifest));
  return into;
}

export interface Launched {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
}

export interface LaunchOptions {
  headless?: boolean;
  extensionDir?: string;
  /** The profile folder, kept after the browser closes (default: a fresh one Playwright removes). */
  userDataDir?: string;
  /** More Chromium switches (a benchmark's `--remote-debugging-port=0`, to reach every extension context). */
  args?: string[];
  /** The hosts the user has granted (default GRANTED_HOSTS). */
  grantedHosts?: string[];
  /** The welcome page a new install opens (lib/background/browser/first-run.ts): closed as it opens unless kept. */
  keepWelcome?: boolean;
}

/**
 * Closes each welcome page as it opens, so a journey that is not about the first run starts as before.
 * Call it after any context-wide set-up (`exposeBinding`, `addInitScript`): those walk every page, and one
 * closing under them fails them (Chromium opens the welcome page again on each start of a profile that
 * loads the extension from the command line).
 */
export function closeWelcomePages(context: BrowserContext): void {
  const watch = (page: Page) => {
    const check = () => {
      if (page.url().endsWith('/welcome.html')) void page.close().catch(() => {});
    };
    check();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) check();
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/**
 * What the journeys add to Chromium's switches (not the benches, which measure a browser as users run it):
 * every web page in one renderer. A journey opens each extension page in a new tab, which Chromium starts
 * on about:blank in a renderer of its own before the page moves to the extension's process; with one web
 * renderer those tabs share it (`npx tsx bench/launch-renderers.ts`, docs/testing.md). Extension pages keep
 * their own process either way.
 */
export const JOURNEY_ARGS = ['--renderer-process-limit=1'];

/** Chromium with the extension as a journey runs it: `launchExtension` with the journeys' switches first. */
export function launchJourneyBrowser(opts: LaunchOptions = {}): Promise<Launched> {
  return launchExtension({ ...opts, args: [...JOURNEY_ARGS, ...(opts.args ?? [])] });
}

export function chromiumArgs(extensionDir: string, headless: boolean): string[] {
  return [
    ...(headless ? ['--headless=new'] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
  ];
}

/** Starts Chromium (in a fresh profile unless one is given) with the extension loaded and waits for its service worker. */
export async function launchExtension(opts: LaunchOptions = {}): Promise<Launched> {
  const built = opts.extensionDir ?? EXTENSION_DIR;
  const headless = opts.headless ?? true;
  if (!existsSync(join(built, 'manifest.json')))
    throw new Error(`No built extension in ${built}: run \`npx wxt build\` first`);
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  // Inside the profile, so a relaunch on it finds the same extension (and its storage) again.
  const copyDir = opts.userDataDir
    ? join(opts.userDataDir, 'marketside-extension')
    : mkdtempSync(join(PROFILE_ROOT, 'marketside-extension-'));
  const extensionDir = withGrantedHosts(built, copyDir, opts.grantedHosts ?? GRANTED_HOSTS);
  const context = await chromium.launchPersistentContext(opts.userDataDir ?? '', {
    executablePath: CHROMIUM,
    headless,
    args: [...chromiumArgs(extensionDir, headless), ...(opts.args ?? [])],
    viewport: headless ? { width: 1280, height: 800 } : null,
  });
  if (!opts.userDataDir) context.once('close', () => rmSync(copyDir, { recursive: true, force: true }));
  if (!opts.keepWelcome) closeWelcomePages(context);
  try {
    const serviceWorker = await findServiceWorker(context);
    const extensionId = new URL(serviceWorker.url()).host;
    return { context, serviceWorker, extensionId };
  } catch (err) {
    await context.close();
    throw err;
  }
}

/** The extension's running service worker (Chromium may stop an idle worker; this finds the new one). */
export async function findServiceWorker(context: BrowserContext, timeout = 15_000): Promise<Worker> {
  const running = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  if (running) return running;
  return context.waitForEvent('serviceworker', {
    predicate: (w) => w.url().startsWith('chrome-extension://'),
    timeout,
  });
}

/** What a connection needs from the trading service (the sim's handle has these fields). */
export interface ServiceCredentials {
  baseUrl: string;
  apiKey: string;
  identifier: string;
  password: string;
}

/**
 * Connects Marketside to a service the way the settings page would with "Remember" unticked: writes
 * `local:connection` (no secrets) and `session:secrets` (the API key and password, until the browser
 * closes) into the extension's own storage from its service worker.
 */
export async function configureConnection(
  serviceWorker: Worker,
  service: ServiceCredentials,
  overrides: Partial<Connection> = {},
): Promise<void> {
  const connection: Connection = {
    environment: 'custom',
    baseUrl: service.baseUrl,
    apiKey: null,
    identifier: service.identifier,
    password: null,
    remember: false,
    sessionVersion: 2,
    ...overrides,
  };
  const secrets = { apiKey: service.apiKey, password: service.password };
  await serviceWorker.evaluate(
    async ({ value, secrets }) => {
      const { storage } = (globalThis as unknown as ExtensionGlobals).chrome;
      await storage.session.set({ secrets });
      await storage.local.set({ connection: value, connection$: { v: 3 } });
    },
    { value: connection as unknown as Record<string, unknown>, secrets },
  );
}

/**
 * Sets preferences as the settings page saves them (the rest at their defaults), e.g. prices every 2 s while a
 * page is open, as a trader may choose: a journey about what happens each refresh then waits seconds, not tens.
 */
export async function setPrefs(serviceWorker: Worker, prefs: Partial<Prefs>): Promise<void> {
  await serviceWorker.evaluate(
    async ({ key, version, value }) => {
      await (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({
        [key]: value,
        [`${key}$`]: { v: version },
      });
    },
    { key: PREFS_STORED.key, version: PREFS_STORED.version, value: { ...defaultPrefs, ...prefs } },
  );
}

export function extensionUrl(extensionId: string, path: string): string {
  return `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
}

/** The size the browser gives the popup or the side panel; null for a page in a tab. */
export function pageSize(path: string): { width: number; height: number } | null {
  if (path.startsWith('popup.html')) return POPUP_VIEWPORT;
  return path.startsWith('sidepanel.html') ? SIDEPANEL_VIEWPORT : null;
}

/** Opens an extension page as a tab; popup and side panel get the size the browser gives them. */
export async function openExtensionPage(
  context: BrowserContext,
  extensionId: string,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await context.newPage();
  const size = viewport ?? pageSize(path);
  if (size) await page.setViewportSize(size);
  await page.goto(extensionUrl(extensionId, path));
  return page;
}

/** Saves a PNG of the page under `dir` and returns its path. */
export async function saveScreenshot(page: Page, dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * The next page the extension opens whose address matches `url` (start waiting before the action that
 * opens it). Other pages opening meanwhile, such as the welcome page Chromium opens again on each start
 * of a profile, are not it.
 */
export function pageOpened(context: BrowserContext, url: RegExp, timeout = 20_000): Promise<Page> {
  return new Promise((resolve, reject) => {
    const watch = (page: Page) => {
      const check = () => {
        if (!url.test(page.url())) return;
        done();
        resolve(page);
      };
      check();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) check();
      });
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`No page opened at ${url} within ${timeout} ms`));
    }, timeout);
    const done = () => {
      clearTimeout(timer);
      context.off('page', watch);
    };
    context.on('page', watch);
  });
}
