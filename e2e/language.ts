// The browser's UI language for a journey: `test.use({ uiLanguage: 'de' })`. Debian's Chromium takes its UI
// language from LANGUAGE once its translations (package chromium-l10n) are installed; without them it stays
// en-US. LANGUAGE is set while this test's Chromium starts (the harness launches it after the sim) and put
// back when the test ends, so other specs in the same worker keep English.
//
// Now and then a CI run's Chromium came up in en-US with LANGUAGE=de (both German journeys of one run, the
// retry too; never here, alone or loaded): a browser that reports another language than the one asked for is
// closed and started again on the same profile, twice at most, and the journey fails if it still does.
import type { Worker } from '@playwright/test';
import { test as base } from './harness';

export { expect } from './harness';

const LAUNCHES = 3;

const uiLanguageOf = (worker: Worker) =>
  worker.evaluate(() =>
    (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n.getUILanguage(),
  );

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
  chromiumSession: async ({ chromiumSession, uiLanguage }, use) => {
    const asked = uiLanguage.split(/[-_]/)[0]?.toLowerCase() ?? uiLanguage;
    for (let launch = 1; ; launch++) {
      const ui = (await uiLanguageOf(chromiumSession.current.serviceWorker)).toLowerCase();
      if (ui.split('-')[0] === asked) break;
      if (launch === LAUNCHES)
        throw new Error(`Chromium reported ${ui} in ${LAUNCHES} launches with LANGUAGE=${uiLanguage}`);
      console.log(`${uiLanguage} journey: Chromium started in ${ui} (launch ${launch}); starting it again`);
      await chromiumSession.current.context.close();
      await chromiumSession.relaunch();
    }
    await use(chromiumSession);
  },
});
