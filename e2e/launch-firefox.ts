// Launching Firefox ESR with the built Marketside (`npx wxt build -b firefox` first): the one way to do it,
// as e2e/launch.ts is for Chromium. puppeteer-core over WebDriver BiDi (Playwright cannot drive Firefox ESR);
// the facts behind every pref and flag are in ../shared/reference/firefox-e2e.md.
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { extensionErrorsIn } from './firefox-output';
import { pageSize, ROOT } from './launch';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const FIREFOX_EXTENSION_DIR = join(ROOT, '.output', 'firefox-mv3');
/** Fixed, so page URLs are known before the add-on is installed (pref `extensions.webextensions.uuids`). */
export const FIREFOX_EXTENSION_UUID = '6f1c3c3e-4b8a-4f6e-9a57-2d6c1f0a7b11';
export const FIREFOX_ORIGIN = `moz-extension://${FIREFOX_EXTENSION_UUID}`;

export interface FirefoxLaunchOptions {
  headless?: boolean;
  extensionDir?: string;
  /** `extensions.background.idle.timeout`: how long the event page may idle before Firefox suspends it. */
  backgroundIdleMs?: number;
  /** The welcome page a new install opens (lib/background/browser/first-run.ts): closed as it opens unless kept. */
  keepWelcome?: boolean;
  /**
   * Firefox's UI language (pref `intl.locale.requested`), e.g. 'de', which `browser.i18n` then reports. Its
   * language pack must be installed next to Firefox (Debian's `firefox-esr-l10n-de`, in the application scope
   * that puppeteer's `extensions.enabledScopes` admits); without it Firefox stays en-US, so the launch refuses.
   */
  locale?: string;
}

/** Closes each welcome page as it opens, so a journey that is not about the first run starts as before. */
function closeWelcomePages(browser: Browser): void {
  const check = (target: { url(): string; page(): Promise<Page | null> }) => {
    if (target.url().endsWith('/welcome.html'))
      void target
        .page()
        .then((page) => page?.close())
        .catch(() => {});
  };
  browser.on('targetcreated', check);
  browser.on('targetchanged', check);
}

export interface LaunchedFirefox {
  browser: Browser;
  /** Its profile folder (named on its command line). */
  profile: string;
  /** Every line Firefox wrote to stdout and stderr so far. */
  output: string[];
  /** The extension's own console errors and uncaught errors among those lines (less Firefox's refusals as it closes). */
  extensionErrors(): string[];
  /** Closes Firefox, kills its process group if it lingers, and deletes the profile. */
  close(): Promise<void>;
}

function geckoId(extensionDir: string): string {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${extensionDir}/manifest.json has no gecko id: is it the Firefox build?`);
  return id;
}

/** Refuses a UI language whose language pack is not installed next to Firefox (it would silently stay en-US). */
function requireLanguagePack(locale: string): void {
  if (locale.startsWith('en')) return;
  const dir = join(dirname(realpathSync(FIREFOX)), 'browser', 'extensions');
  const packs = existsSync(dir) ? readdirSync(dir) : [];
  if (!packs.some((f) => f.startsWith(`langpack-${locale}@`)))
    throw new Error(
      `No Firefox language pack for ${locale} in ${dir}: \`apt-get install -y firefox-esr-l10n-${locale}\``,
    );
}

/** Starts Firefox headless in a fresh profile and installs the extension as a temporary add-on. */
export async function launchFirefox(opts: FirefoxLaunchOptions = {}): Promise<LaunchedFirefox> {
  const extensionDir = opts.extensionDir ?? FIREFOX_EXTENSION_DIR;
  if (!existsSync(join(extensionDir, 'manifest.json')))
    throw new Error(`No built extension in ${extensionDir}: run \`npx wxt build -b firefox\` first`);
  if (!existsSync(FIREFOX))
    throw new Error(`No Firefox at ${FIREFOX}: \`apt-get install -y firefox-esr\` (or set FIREFOX_PATH)`);
  if (opts.locale) requireLanguagePack(opts.locale);
  const id = geckoId(extensionDir);
  const profile = mkdtempSync(join(tmpdir(), 'marketside-firefox-'));
  const output: string[] = [];
  let browser: Browser | undefined;
  /** Where Firefox's output stood when closing began. */
  let closingFrom = Number.POSITIVE_INFINITY;
  const close = async () => {
    closingFrom = Math.min(closingFrom, output.length);
    const proc = browser?.process();
    if (browser) {
      const exited = proc && proc.exitCode === null ? new Promise((r) => proc.once('exit', r)) : Promise.resolve();
      await Promise.race([browser.close().catch(() => {}), delay(10_000)]);
      if (proc?.exitCode === null && proc.pid) {
        try {
          process.kill(-proc.pid, 'SIGKILL');
        } catch {}
      }
      await Promise.race([exited, delay(10_000)]);
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX,
      headless: opts.headless ?? true,
      userDataDir: profile,
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [id]: FIREFOX_EXTENSION_UUID }),
        'extensions.webextOptionalPermissionPrompts': false,
        'devtools.console.stdout.content': true,
        ...(opts.backgroundIdleMs ? { 'extensions.background.idle.timeout': opts.backgroundIdleMs } : {}),
        ...(opts.locale ? { 'intl.locale.requested': opts.locale } : {}),
      },
    });
    const proc = browser.process();
    for (const stream of [proc?.stdout, proc?.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        output.push(...lines);
      });
    }
    if (!opts.keepWelcome) closeWelcomePages(browser);
    const installed = await browser.installExtension(extensionDir);
    if (installed !== id) throw new Error(`Firefox installed ${installed}, expected ${id}`);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    browser,
    profile,
    output,
    extensionErrors: () => extensionErrorsIn(output, FIREFOX_ORIGIN, closingFrom),
    close,
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function firefoxExtensionUrl(path: string): string {
  return `${FIREFOX_ORIGIN}/${path.replace(/^\//, '')}`;
}

/** Polls `probe` until it returns true; throws `what` after `timeout` ms. */
export async function until(what: string, probe: () => Promise<boolean>, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  let last: unknown;
  while (Date.now() < end) {
    try {
      if (await probe()) return;
    } catch (err) {
      last = err;
    }
    await delay(100);
  }
  throw new Error(`Timed out after ${timeout} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/**
 * Opens an extension page in a new tab (popup.html and sidepanel.html get the size the browser gives them) and
 * waits until it has loaded: Firefox sends no load events for extension pages, so this polls the document.
 */
export async function openFirefoxPage(
  browser: Browser,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage();
  const size = viewport ?? pageSize(path);
  // Firefox 140 sets the size and then throws on the screen orientation it does not support.
  if (size) await page.setViewport(size).catch(() => {});
  await loadFirefoxPage(page, path);
  return page;
}

/** Navigates an open tab to an extension page and waits for it to load. */
export async function loadFirefoxPage(page: Page, path: string): Promise<void> {
  const url = firefoxExtensionUrl(path);
  await page.goto(url, { waitUntil: [] as unknown as 'load' });
  await until(`${path} to load`, () =>
    page.evaluate((u) => location.href === u && document.readyState === 'complete', url),
  );
}
