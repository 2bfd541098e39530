// Firefox suspends its background event page 30 s after the last extension event it handled, and the
// stream runs in that page. An open Port is not such an event, nor is the WebSocket's traffic; a message
// on the Port is (checked in Firefox ESR 153). So a page that shows prices says so on its live Port when
// it opens and again this often while it stays open.
import type { LiveFromPage } from '../messages/contract';
import type { Timeouts } from '../timeouts';

export const KEEP_AWAKE_MS = 10_000;

export const AWAKE: LiveFromPage = { kind: 'awake' };

/** Sends now and every `everyMs` until the returned function is called. */
export function keepAwake(send: () => void, timers: Timeouts, everyMs = KEEP_AWAKE_MS): () => void {
  let handle: unknown = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    send();
    handle = timers.set(tick, everyMs);
  };
  tick();
  return () => {
    stopped = true;
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
}

/** Asks for the stream on a page's live Port now and every `everyMs`; a dead Port is left to its onDisconnect. */
export function keepPortAwake(port: { postMessage(message: unknown): void }, timers: Timeouts, everyMs: number) {
  return keepAwake(
    () => {
      try {
        port.postMessage(AWAKE);
      } catch {
        // Gone: its onDisconnect stops this and reconnects.
      }
    },
    timers,
    everyMs,
  );
}
