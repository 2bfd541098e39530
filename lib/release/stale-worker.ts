// A service worker left from an earlier build. Chromium started on an unpacked extension's changed files keeps
// the service worker it had registered (docs/release.md, "Updates keep everything"): the pages of the new build
// then talk to the old background. A page asks the worker which build it is (`build.get`) and compares.
import type { ErrorView, Reply } from '../messages/views';

export type WorkerCheck =
  /** The worker is this page's build. */
  | { kind: 'current' }
  /** An earlier (or other) build: `worker` its version, null when it is older than the question. */
  | { kind: 'stale'; worker: string | null }
  /** No answer (the worker away, a failed send): nothing can be said, so nothing is shown. */
  | { kind: 'unknown' };

/** What the router of any build answers to a message it does not know (lib/background/routing/router.ts). */
function unknownMessage(error: ErrorView): boolean {
  return error.kind === 'bad-request' && error.message === 'Unknown message';
}

/** Reads the worker's answer to `build.get` against this page's build. */
export function checkWorkerBuild(reply: Reply<{ version: string }>, pageBuild: string): WorkerCheck {
  if (!reply.ok) return unknownMessage(reply.error) ? { kind: 'stale', worker: null } : { kind: 'unknown' };
  const worker = reply.data?.version;
  if (typeof worker !== 'string') return { kind: 'unknown' };
  return worker === pageBuild ? { kind: 'current' } : { kind: 'stale', worker };
}
