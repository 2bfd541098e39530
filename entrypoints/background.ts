// The service worker: builds the background from storage and wires the browser's events to it.
// Listeners are added synchronously, as Manifest V3 requires for a worker woken by an event.
import { browser } from 'wxt/browser';
import { registerAlertNotifications } from '../lib/background/alerts';
import type { ActionApi } from '../lib/background/browser/badge';
import { registerFirstRun } from '../lib/background/browser/first-run';
import { createBackground } from '../lib/background/create-background';
import { registerLookup } from '../lib/background/lookup';
import { offscreenStreamChannel } from '../lib/background/stream/stream-document';
import { pageStreamLinks } from '../lib/background/stream/stream-script';
import { isFirefox } from '../lib/browser-kind';
import { batchStorageReads, WAKE_KEYS } from '../lib/settings/batched-reads';
import { argon2InThread } from '../lib/vault/argon2';
import { argon2InWorker, type WorkerLike } from '../lib/vault/argon2-worker';

/** The longest start()'s work waits for a wake's first reply. */
const START_DELAY_MS = 50;

// The toolbar button's API, reached only when the badge changes: touching `browser.action` builds the
// browser's bindings for it (with its icon helpers), which a wake's first reply would otherwise wait for.
const actionOnFirstUse: ActionApi = {
  setBadgeText: (details) => browser.action.setBadgeText(details),
  setBadgeBackgroundColor: (details) => browser.action.setBadgeBackgroundColor(details),
  setTitle: (details) => browser.action.setTitle(details),
};

export default defineBackground(() => {
  // Before anything reads: the reads asked together go as one call, and what a wake's first reply needs is
  // read at once, while the rest of the script evaluates.
  batchStorageReads(undefined, WAKE_KEYS);
  // Chrome streams from an offscreen document, also with no page open; Firefox (no offscreen API) streams
  // in this event page while a page is open (it would be suspended otherwise) and polls when none is.
  const offscreen = isFirefox ? undefined : browser.offscreen;
  const channel = offscreen ? offscreenStreamChannel(browser.runtime, offscreen) : null;
  const stream = channel
    ? { createLink: () => channel.link(), withoutPages: true }
    : isFirefox
      ? { createLink: pageStreamLinks((path) => browser.runtime.getURL(path as '/')), withoutPages: false }
      : undefined;
  const background = createBackground({
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    action: actionOnFirstUse,
    alarms: browser.alarms,
    stream,
    // Firefox derives in a worker, off the thread its pages share with the event page (lib/vault/argon2-worker.ts).
    vault: {
      argon2: isFirefox
        ? argon2InWorker(() => new Worker(browser.runtime.getURL('/kdf-worker.js')) as unknown as WorkerLike)
        : argon2InThread,
    },
    // A wake's first reply goes first; the rest of starting follows it (or a moment, if no message woke us).
    startAfter: (firstReply) => Promise.race([firstReply, new Promise<void>((r) => setTimeout(r, START_DELAY_MS))]),
  });

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const reply = background.route(message, sender);
    if (!reply) return false;
    // @webext-core/messaging on the page side reads `{ res }`.
    void reply.then((res) => sendResponse({ res }));
    return true;
  });
  browser.runtime.onConnect.addListener((port) => {
    if (channel?.accept(port)) return;
    background.hub.accept(port);
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    void background.onAlarm(alarm.name);
  });
  registerAlertNotifications();
  registerFirstRun(browser.runtime, { create: (tab) => browser.tabs.create(tab) });
  registerLookup({ search: async (term) => (await background.markets.search(term)).value });

  void background.start();
});
