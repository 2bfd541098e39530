// A page's request to the background always settles with a reply envelope, never a rejection.
// The background may be away when a page asks: Firefox suspends its event page when idle, Chromium stops
// its service worker. Asking wakes either, but a message sent while the browser is tearing the background
// down meets no listener and is refused with "Could not establish connection. Receiving end does not
// exist.". Such a message was never delivered, so sending it again is safe even for a mutation: it is
// sent again after a short wait, by which time the background is gone and the new message wakes it.
// Any other failure (the background went away after it got the message, so it may have acted on it)
// becomes an error reply the page shows.
import type { ErrorView, Reply } from './contract';

/** The browser's words for a message that reached no listener (Firefox and Chromium alike). */
const NOT_DELIVERED = 'Receiving end does not exist';

/** Waits before each new attempt of an undelivered message. */
export const REDELIVERY_WAITS_MS: readonly number[] = [100, 500, 2_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function notDelivered(err: unknown): boolean {
  return err instanceof Error && err.message.includes(NOT_DELIVERED);
}

export function unanswered(err: unknown): ErrorView {
  const why = err instanceof Error && err.message ? `: ${err.message}` : '';
  return { kind: 'internal', message: `Marketside's background did not answer${why}. Try again.` };
}

/** Runs `attempt` until the background gets it (at most once more per wait), then settles with its reply. */
export async function settledSend<T>(
  attempt: () => Promise<Reply<T>>,
  waits: readonly number[] = REDELIVERY_WAITS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<Reply<T>> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      const next = waits[tried];
      if (next === undefined || !notDelivered(err)) return { ok: false, error: unanswered(err) };
      await wait(next);
    }
  }
}
