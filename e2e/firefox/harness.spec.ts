// The Firefox harness itself: the extension's errors, printed by its event page or thrown uncaught in a page,
// are read from Firefox's output (stdout and stderr) and counted against the test, unless it declared them.
// (Undeclared, they fail the test: the same check as the Chromium suite's, tested in e2e/harness.spec.ts.)
import { until } from '../launch-firefox';
import { expect, test } from './harness';

interface Firefox {
  browser: { runtime: { getBackgroundPage(): Promise<{ console: Console }> } };
}

test("the extension's errors in its event page and its pages are caught from Firefox's output", async ({
  openPage,
  firefox,
  expectErrors,
}) => {
  expectErrors('an event page error the test declared', 'thrown in the page, declared');
  const page = await openPage('popup.html');
  await page.evaluate(async () => {
    const background = await (globalThis as unknown as Firefox).browser.runtime.getBackgroundPage();
    background.console.error('an event page error the test declared');
    setTimeout(() => {
      throw new Error('thrown in the page, declared');
    });
  }, null);
  await until('Firefox to print both errors', async () => firefox.extensionErrors().length >= 2);
  // stdout and stderr arrive through separate pipes: in either order.
  expect(firefox.extensionErrors()).toHaveLength(2);
  expect(firefox.extensionErrors()).toEqual(
    expect.arrayContaining([
      expect.stringContaining('console.error: "an event page error the test declared"'),
      expect.stringMatching(/^JavaScript error: moz-extension:\/\/.*\/popup\.html.*thrown in the page, declared/),
    ]),
  );
});
