// The browser's UI language for a journey: `test.use({ uiLanguage: 'de' })`. Debian's Chromium takes its UI
// language from LANGUAGE alone (chromium-l10n installed; `--lang` and Local State's intl.app_locale are
// ignored on Linux). LANGUAGE is set while this test's Chromium starts (the harness launches it after the sim)
// and put back when the test ends, so other specs in the same worker keep English.
//
// The language is read as the extension speaks it: `i18n.getMessage('@@ui_locale')`, the catalogue locale the
// browser chose for it (lib/format/locale.ts reads the same). Not `i18n.getUILanguage()`: in a worker of Debian's
// Chromium 156 under load that one answers en-US now and then and the asked language the next moment, from the
// same worker, while every renderer of that browser runs with --lang=<asked> and @@ui_locale reads <asked>
// throughout (store screenshots under a load of 30-46: `it then en-US`, `en-US then it`, with @@ui_locale
// `it,it,it` in the same browsers). Those reads were the relaunches CI saw; the browsers were right. A browser
// whose catalogue really is in another language is still closed and started again, and that is logged.
import type { BrowserContext, TestInfo, Worker } from '@playwright/test';
import type { Diagnostics, SimHandle } from './harness';
import { test as base } from './harness';
import { findServiceWorker } from './launch';
import { launchOwnChromium, type OwnChromium } from './own-chromium';

export { expect } from './harness';

/** Launches of one journey's browser before it fails for want of its language. */
export const LAUNCHES = 3;

/** The locale of the catalogue the extension's words come from (`fr`, `en_US`). */
export const uiLanguageOf = (worker: Worker) =>
  worker.evaluate(() =>
    (globalThis as unknown as { chrome: { i18n: { getMessage(key: string): string } } }).chrome.i18n.getMessage(
      '@@ui_locale',
    ),
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
        throw new Error(`The extension's catalogue was ${ui} in ${LAUNCHES} launches with LANGUAGE=${uiLanguage}`);
      console.log(
        `${uiLanguage} journey: the extension's catalogue is ${ui} (launch ${launch}); starting Chromium again`,
      );
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
    if (launch === LAUNCHES)
      throw new Error(`The extension's catalogue was ${ui} in ${LAUNCHES} launches asked for ${language}`);
    console.log(`${language} browser: the extension's catalogue is ${ui} (launch ${launch}); starting it again`);
  }
}
