// The browser's UI language for a journey: `test.use({ uiLanguage: 'de' })`. Debian's Chromium takes its UI
// language from LANGUAGE once its translations (package chromium-l10n) are installed; without them it stays
// en-US. LANGUAGE is set while this test's Chromium starts (the harness launches it after the sim) and put
// back when the test ends, so other specs in the same worker keep English.
import { test as base } from './harness';

export { expect } from './harness';

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
});
