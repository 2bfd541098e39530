// The harness itself: console errors of pages and of the service worker fail a test, unless declared.
import { test } from './harness';

test.describe('the e2e harness', () => {
  test('fails a test whose page logs an error', async ({ openPage }) => {
    test.fail();
    const page = await openPage('popup.html');
    await page.evaluate(() => console.error('a page error the test did not expect'));
  });

  test('fails a test whose service worker logs an error', async ({ serviceWorker }) => {
    test.fail();
    await serviceWorker.evaluate(() => console.error('a worker error the test did not expect'));
  });

  test('fails a test with an uncaught exception in a page', async ({ openPage }) => {
    test.fail();
    const page = await openPage('popup.html');
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown in the page');
      });
    });
    await thrown;
  });

  test('lets a test declare the errors it expects', async ({ openPage, expectErrors }) => {
    expectErrors('the service is down (expected)');
    const page = await openPage('popup.html');
    await page.evaluate(() => console.error('the service is down (expected)'));
  });
});
