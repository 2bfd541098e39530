// A page's request to the background always settles with a reply envelope, never a rejection.
// The background may be away when a page asks: Firefox suspends its event page when idle, Chromium stops
// its service worker. Asking wakes either, but a message sent while the browser is tearing the background
// down meets no listener and is refused with "Could not establish connection. Receiving end does not
// exist.". Such a message was never delivered, so sending it again is safe even for a mutation: it is
// sent again after a short wait, by which time the background is gone and the new message wakes it.
// (Firefox says the same of a reply lost when it suspends the event page mid-reply, which the watch
// below prevents; a deal or a close also needs a quote that backs one deal only.)
// Any other failure (the background went away after it got the message, so it may have acted on it)
// becomes an error reply the page shows.
//
// In Firefox a request the background takes long over (the vault's key derivation on a loaded machine, a
// slow service) is watched: Firefox suspends an event page busy with one reply for longer than twice its
// idle timeout, and the page then waits for that reply forever. While the reply is due the page pings the
// background every second, which keeps it awake (the derivation runs in a worker so that the event page is
// free to answer: lib/vault/argon2-worker.ts); a ping answered by a background started since the first
// ping means the request died with the one before, and it settles as not answered.
import { i18n } from '#i18n';
import type { Reply } from './views';

/** Keeps the background awake while a reply is due, and names the background that answers. */
export interface Watch {
  /** The answering background's instance, which changes when the background starts again. */
  ping(): Promise<string | null>;
  everyMs: number;
}

const noAnswer = (why: string): Reply<never> => ({
  ok: false,
  error: { kind: 'internal', message: `${i18n.t('error.noAnswer')}${why && `: ${why}`}` },
});

/** Settles with `request`'s reply, or with no answer once `watch` meets a background started since it first met one. */
function watched<T>(request: Promise<Reply<T>>, watch: Watch | undefined): Promise<Reply<T>> {
  if (!watch) return request;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first: string | null = null;
  let done = false;
  const restarted = new Promise<Reply<T>>((resolve) => {
    const tick = async () => {
      const instance = await watch.ping().catch(() => null);
      if (done) return;
      if (first === null) first = instance;
      else if (instance !== null && instance !== first) return resolve(noAnswer(''));
      timer = setTimeout(tick, watch.everyMs);
    };
    timer = setTimeout(tick, watch.everyMs);
  });
  return Promise.race([request, restarted]).finally(() => {
    done = true;
    clearTimeout(timer);
  });
}

/**
 * Runs `attempt` until the background gets it, sending an undelivered message again at most `retries`
 * times (after 100, 400, 1600 ms…), then settles with its reply.
 */
export async function settledSend<T>(attempt: () => Promise<Reply<T>>, retries = 3, watch?: Watch): Promise<Reply<T>> {
  for (let tried = 0; ; tried++) {
    try {
      return await watched(attempt(), watch);
    } catch (err) {
      const why = err instanceof Error ? err.message : '';
      // The browser's words for a message that reached no listener (Firefox and Chromium alike).
      if (tried >= retries || !why.includes('Receiving end does not exist')) return noAnswer(why);
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** tried));
    }
  }
}
