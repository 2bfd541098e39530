// Stops an extension's service worker through the DevTools protocol and waits until DevTools reports it
// stopped, so that the next message wakes it: the wake bench, its probe and its trace share this.
import type { BrowserContext, Page } from 'playwright-core';

export async function workerStops(context: BrowserContext, page: Page, extensionId: string) {
  const cdp = await context.newCDPSession(page);
  let status = 'running';
  const changed: (() => void)[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const v of event.versions)
      if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) status = v.runningStatus;
    for (const f of changed.splice(0)) f();
  });
  await cdp.send('ServiceWorker.enable');
  return {
    /** Stops the worker; resolves once it has stopped, throws if it is still not stopped after 10 s. */
    async stop(): Promise<void> {
      await cdp.send('ServiceWorker.stopAllWorkers');
      const deadline = Date.now() + 10_000;
      while (status !== 'stopped') {
        if (Date.now() > deadline) throw new Error(`The worker did not stop (it is ${status})`);
        await new Promise<void>((done) => {
          changed.push(done);
          setTimeout(done, 200);
        });
      }
    },
  };
}
