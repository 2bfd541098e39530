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
