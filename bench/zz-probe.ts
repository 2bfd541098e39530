import './env';
import { configureConnection, extensionUrl, launchExtension, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { startSim } from '../sim/server';

const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
sim.control.seedHistory({ accountId: 'SIMCFD1', trades: 2000, spanMs: 360 * 86_400_000 });
const { context, serviceWorker, extensionId } = await launchExtension();
await configureConnection(serviceWorker, sim);
await context.addInitScript({
  content: `if (location.pathname === '/sidepanel.html') { const o = new MutationObserver(() => { if (!document.querySelector('[data-testid="history-transaction"]')) return; o.disconnect(); requestAnimationFrame(() => performance.mark('row')); }); o.observe(document, { childList: true, subtree: true }); }`,
});
const url = extensionUrl(extensionId, 'sidepanel.html');
for (let i = 0; i < 4; i++) {
  await serviceWorker.evaluate((v) => (globalThis as any).chrome.storage.session.set({ sidepanelRoute: v }), {
    view: 'history',
    period: 'year',
    at: Date.now(),
  });
  const page = await context.newPage();
  await page.setViewportSize(SIDEPANEL_VIEWPORT);
  await page.goto(url);
  await page.getByTestId('history-transaction').first().waitFor({ timeout: 30000 });
  await page.waitForFunction(() => performance.getEntriesByName('row').length > 0);
  const out = await page.evaluate(() => [
    ...performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
    ...performance
      .getEntriesByType('resource')
      .map(
        (r) =>
          `${(r as PerformanceResourceTiming).name.split('/').pop()} ${r.startTime.toFixed(0)}-${(r.startTime + r.duration).toFixed(0)}`,
      ),
    `dcl ${(performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd.toFixed(0)}`,
  ]);
  console.log(i, out.join(' | '));
  await page.close();
}
await context.close();
await sim.close();
