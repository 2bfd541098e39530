// The popup's live Port: says which markets are on screen, hears what changed in the cache.
// Chromium may stop an idle service worker, which drops the Port: it is opened again and told
// again what the popup shows.

import { browser } from 'wxt/browser';
import { isFirefox } from '../browser-kind';
import { LIVE_PORT, type LiveFromPage, type LiveToPage } from '../messages/contract';
import { KEEP_AWAKE_MS, keepPortAwake } from '../stream/keep-awake';
import { browserTimeouts } from '../timeouts';
import type { LiveLink } from './deps';

const RECONNECT_MS = 1000;

export function connectLive(onMessage: (message: LiveToPage) => void): LiveLink {
  type Port = ReturnType<typeof browser.runtime.connect>;
  let last: Omit<Extract<LiveFromPage, { kind: 'watch' }>, 'kind'> = { epics: [], marketIds: [], visible: true };
  let port: Port | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopAwake: (() => void) | null = null;

  const post = () => {
    try {
      port?.postMessage({ kind: 'watch', ...last, visible: document.visibilityState !== 'hidden' });
    } catch {
      // The background went away under the Port: its onDisconnect opens a new one, which posts again.
    }
  };
  const open = () => {
    retry = null;
    if (closed) return;
    let p: Port;
    try {
      p = browser.runtime.connect({ name: LIVE_PORT });
    } catch {
      // Firefox throws (NS_ERROR_NOT_INITIALIZED) while the page's window is being torn down, a reconnect's
      // timer firing as it closes: uncaught, that is an error in the browser's console. Try again in a moment.
      retry = setTimeout(open, RECONNECT_MS);
      return;
    }
    p.onMessage.addListener((message: unknown) => onMessage(message as LiveToPage));
    p.onDisconnect.addListener(() => {
      // Reading lastError marks it handled (no "Unchecked runtime.lastError" in the console).
      void browser.runtime.lastError;
      port = null;
      stopAwake?.();
      stopAwake = null;
      if (!closed) retry = setTimeout(open, RECONNECT_MS);
    });
    port = p;
    post();
    // Firefox: ask for the stream and keep the event page that runs it awake (lib/stream/keep-awake);
    // the Chrome build leaves this out.
    if (isFirefox) {
      stopAwake?.();
      stopAwake = keepPortAwake(p, browserTimeouts, KEEP_AWAKE_MS);
    }
  };
  document.addEventListener('visibilitychange', post);
  open();
  return {
    watch(what) {
      last = what;
      post();
    },
    close() {
      closed = true;
      document.removeEventListener('visibilitychange', post);
      if (retry) clearTimeout(retry);
      stopAwake?.();
      port?.disconnect();
      port = null;
    },
  };
}
