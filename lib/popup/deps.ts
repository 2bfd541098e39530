// What the popup needs from the browser, injected so that its components are tested without one.
import type { LiveFromPage, LiveToPage, send } from '../messages/contract';

export type Send = typeof send;

export interface LiveLink {
  watch(what: Omit<Extract<LiveFromPage, { kind: 'watch' }>, 'kind'>): void;
  close(): void;
}

export interface PopupDeps {
  send: Send;
  /** Opens the live Port; null where the page cannot (tests). */
  connectLive: (onMessage: (message: LiveToPage) => void) => LiveLink | null;
  openOptions: () => void;
  /** Must run inside the click handler: the browser opens the panel only for a user gesture. */
  openSidePanel: (epic: string) => Promise<void>;
}

/**
 * `send` whose promise always resolves: a background that cannot be reached (still starting, being
 * restarted) becomes an error reply the page shows, never an unhandled rejection.
 */
export function settledSend(send: Send): Send {
  return ((name, request) =>
    send(name, request).catch((err: unknown) => ({
      ok: false,
      error: {
        kind: 'internal',
        message: `Marketside's background did not answer${err instanceof Error ? `: ${err.message}` : ''}`,
      },
    }))) as Send;
}
