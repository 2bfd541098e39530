// A page's request to the background always settles with a reply envelope, never a rejection.
// The background may be away when a page asks: Firefox suspends its event page when idle, Chromium stops
// its service worker. Asking wakes either, but a message sent while the browser is tearing the background
// down meets no listener and is refused with "Could not establish connection. Receiving end does not
// exist.". Such a message was never delivered, so sending it again is safe even for a mutation: it is
// sent again after a short wait, by which time the background is gone and the new message wakes it.
// Any other failure (the background went away after it got the message, so it may have acted on it)
// becomes an error reply the page shows.
import { i18n } from '#i18n';
import type { Reply } from './views';

/**
 * Runs `attempt` until the background gets it, sending an undelivered message again at most `retries`
 * times (after 100, 400, 1600 ms…), then settles with its reply.
 */
export async function settledSend<T>(attempt: () => Promise<Reply<T>>, retries = 3): Promise<Reply<T>> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (err) {
      const why = err instanceof Error ? err.message : '';
      // The browser's words for a message that reached no listener (Firefox and Chromium alike).
      if (tried >= retries || !why.includes('Receiving end does not exist'))
        return {
          ok: false,
          error: { kind: 'internal', message: `${i18n.t('error.noAnswer')}${why && `: ${why}`}` },
        };
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** tried));
    }
  }
}
