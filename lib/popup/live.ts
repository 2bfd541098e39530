// The popup's live Port: says which markets are on screen, hears what changed in the cache.
import { browser } from 'wxt/browser';
import { LIVE_PORT, type LiveFromPage, type LiveToPage } from '../messages/contract';
import type { LiveLink } from './deps';

export function connectLive(onMessage: (message: LiveToPage) => void): LiveLink {
  const port = browser.runtime.connect({ name: LIVE_PORT });
  let last: Omit<LiveFromPage, 'kind'> = { epics: [], marketIds: [], visible: true };
  let closed = false;
  const post = () => {
    if (!closed) port.postMessage({ kind: 'watch', ...last, visible: document.visibilityState !== 'hidden' });
  };
  const onVisibility = () => post();
  port.onMessage.addListener((message: unknown) => onMessage(message as LiveToPage));
  port.onDisconnect.addListener(() => {
    closed = true;
  });
  document.addEventListener('visibilitychange', onVisibility);
  return {
    watch(what) {
      last = what;
      post();
    },
    close() {
      document.removeEventListener('visibilitychange', onVisibility);
      if (!closed) port.disconnect();
      closed = true;
    },
  };
}
