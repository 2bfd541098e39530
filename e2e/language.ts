// The browser's UI language for a journey: `test.use({ uiLanguage: 'de' })`. Debian's Chromium takes its UI
// language from LANGUAGE alone (chromium-l10n installed; `--lang` and Local State's intl.app_locale are
// ignored on Linux). LANGUAGE is set while this test's Chromium starts (the harness launches it after the sim)
// and put back when the test ends, so other specs in the same worker keep English.
//
// On a loaded machine, now and then (2 of 28 German journeys' launches here, none of 76 bare launches; a
// journey in about one CI run of three) the extension's service worker answers i18n.getUILanguage() with
// en-US although that browser and every one of its renderers, the extension's included, run with LANGUAGE=de
// and --lang=de: a race inside Chromium, not the profile or the environment. Such a browser is closed and
// started again on the same profile, which comes up right. The language is read from the worker the journey
// itself gets (the first extension worker of the context, as the `serviceWorker` fixture finds it) once the
// start-up pages are settled, so a worker that changed after the first read is caught here and not at the
// journey's first line.
import type { BrowserContext, TestInfo, Worker } from '@playwright/test';
import type { Diagnostics, SimHandle } from './harness';
import { test as base } from './harness';
import { findServiceWorker } from './launch';
import { launchOwnChromium, type OwnChromium } from './own-chromium';

export { expect } from './harness';

/** Launches of one journey's browser before it fails for want of its language. */
export const LAUNCHES = 3;

export const uiLanguageOf = (worker: Worker) =>
  worker.evaluate(() =>
    (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n.getUILanguage(),
  );

/** `de-DE`, `de_DE` and `de` are the same language here. */
export const sameLanguage = (a: string, b: string) =>
  a.split(/[-_]/)[0]?.toLowerCase() === b.split(/[-_]/)[0]?.toLowerCase();

/**
 * The UI language the context's extension worker reports once its start-up pages are settled: the welcome
 * page a new install opens closed (unless kept), read twice from the worker the journey will get.
 */
export async function settledLanguage(context: BrowserContext, keepWelcome = false): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!keepWelcome && context.pages().some((p) => p.url().endsWith('/welcome.html')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const first = await uiLanguageOf(await findServiceWorker(context));
  const again = await uiLanguageOf(await findServiceWorker(context));
  return first === again ? again : `${first} then ${again}`;
}

export const test = base.extend<{ uiLanguage: string }>({
  uiLanguage: ['en', { option: true }],
  sim: async ({ sim, uiLanguage }, use) => {
    const before = process.env.LANGUAGE;
    process.env.LANGUAGE = uiLanguage;
    try {
      await use(sim);
    } finally {
      if (before === undefined) delete process.env.LANGUAGE;
      else process.env.LANGUAGE = before;
    }
  },
  chromiumSession: async ({ chromiumSession, uiLanguage, keepWelcome }, use) => {
    for (let launch = 1; ; launch++) {
      const ui = await settledLanguage(chromiumSession.current.context, keepWelcome);
      if (sameLanguage(ui, uiLanguage)) break;
      if (launch === LAUNCHES)
        throw new Error(`Chromium reported ${ui} in ${LAUNCHES} launches with LANGUAGE=${uiLanguage}`);
      console.log(`${uiLanguage} journey: Chromium's worker reported ${ui} (launch ${launch}); starting it again`);
      await chromiumSession.current.context.close();
      await chromiumSession.relaunch();
    }
    await use(chromiumSession);
  },
});

/**
 * A Chromium of the journey's own (e2e/own-chromium.ts) whose worker reports `language`: a browser that came
 * up in another is closed and a new one started, LAUNCHES at most.
 */
export async function launchInLanguage(
  language: string,
  diagnostics: Diagnostics,
  sim: SimHandle,
  testInfo: TestInfo,
): Promise<OwnChromium> {
  for (let launch = 1; ; launch++) {
    const browser = await launchOwnChromium({ language }, diagnostics, sim, testInfo);
    const ui = await settledLanguage(browser.context).catch(async (err) => {
      await browser.close();
      throw err;
    });
    if (sameLanguage(ui, language)) return browser;
    await browser.close();
    if (launch === LAUNCHES) throw new Error(`Chromium reported ${ui} in ${LAUNCHES} launches asked for ${language}`);
    console.log(`${language} browser: its worker reported ${ui} (launch ${launch}); starting it again`);
  }
}
