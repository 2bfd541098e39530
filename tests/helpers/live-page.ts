// A page talking to a background in a test: a side panel's live port the background accepted, and its
// requests through the background's router, as the page's messages arrive.
import { expect } from 'vitest';
import type { Background } from '../../lib/background/create-background';
import type { LivePort } from '../../lib/background/stream/live-hub';
import { LIVE_PORT, type LiveToPage, type Reply } from '../../lib/messages/contract';
import { PAGE } from '../background/sim-setup';

/**
 * A side panel connected to `bg`'s live channel, watching `epics` and asking for the stream (Firefox's
 * pages, `withoutPages: false`, ask as they open). `received` is everything the page was sent.
 */
export function openLivePage(bg: Background, epics: string[] = []) {
  const received: LiveToPage[] = [];
  let onMessage: (m: unknown) => void = () => {};
  const port: LivePort = {
    name: LIVE_PORT,
    sender: { id: PAGE.id, url: PAGE.url },
    postMessage: (m) => void received.push(m),
    disconnect: () => {},
    onMessage: {
      addListener: (fn) => {
        onMessage = fn;
      },
    },
    onDisconnect: { addListener: () => {} },
  };
  expect(bg.hub.accept(port)).toBe(true);
  onMessage({ kind: 'watch', epics, marketIds: [], visible: true });
  onMessage({ kind: 'awake' });
  return { received };
}

/** The page's request as the router answers it: its data, or a thrown error with the reply's message. */
export function asker(bg: Background) {
  let seq = 0;
  return async <T>(type: string, data: unknown = {}): Promise<T> => {
    const reply = (await bg.route({ id: seq++, type, data, timestamp: 0 }, PAGE)) as Reply<T>;
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  };
}
