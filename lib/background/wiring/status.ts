// What the pages show of the background's state: the status (session, permits, budget, stream) and the last
// error worth showing, sent to the open pages when it changes.
import type { ErrorView, Reply, StatusView } from '../../messages/contract';
import { registry } from '../../settings/registry';
import { toErrorView } from '../routing/error-view';
import type { ClientHolder } from '../session/client-holder';
import { connectionRead, readConnection, vaultView } from '../session/remembered';
import { buildStatus } from '../session/status';
import type { StreamView } from '../stream/live-stream';
import type { Late, LiveParts } from './late';

export interface StatusParts {
  status(): Promise<StatusView>;
  /** Recomputes the status and sends it to the open pages. */
  statusChanged(): Promise<void>;
  /** Remembers an error for the status (null clears it); the pages hear when its kind changes. */
  recordError(view: ErrorView | null): void;
  reportError(err: unknown): void;
  /** Shows this error without announcing it: the caller announces the change it belongs to. */
  showError(view: ErrorView): void;
  /** A reply went to a page: its error is shown, a success after a connection problem clears the last one. */
  replied(reply: Reply<unknown>): void;
}

const SILENT_KINDS = new Set<ErrorView['kind']>([
  'validation',
  'not-found',
  'bad-request',
  'permit-required',
  'locked',
]);

export function statusParts(clients: ClientHolder, now: () => number, live: Late<LiveParts>): StatusParts {
  let lastError: ErrorView | null = null;
  let lastState: StatusView['state'] | null = null;

  const streamed = () => live.get().stream?.streamed() ?? new Set<string>();

  /** Price requests a minute polling would spend on what the stream carries now. */
  async function savedPerMinute(): Promise<number> {
    const n = streamed().size;
    if (n === 0) return 0;
    const prefs = await registry.prefs.getValue();
    const every = live.get().hub.connected > 0 ? prefs.priceRefreshSec : Math.max(1, prefs.backgroundRefreshMin) * 60;
    return Math.round((Math.ceil(n / 50) * 60) / every);
  }

  async function status(): Promise<StatusView> {
    // The session's facts are those of the client for the current settings (built here if it is not yet).
    const built = clients.get().then(
      () => true,
      () => false,
    );
    const session = built.then((ok) => (ok ? clients.sessionInfo() : undefined));
    // Every read at once: a woken worker answers after the slowest, not after their sum. The vault's state is
    // read with the connection once its migration is done (session/remembered.ts): that moves remembered
    // secrets of an older version into this session's, which then ask for a PIN.
    const migrated = connectionRead();
    const connRead = readConnection();
    const [conn, info, permits, sessionPermits, lock, pinned, vault] = await Promise.all([
      connRead,
      session,
      registry.permits.getValue(),
      registry.sessionPermits.getValue(),
      registry.reconciliationLock.getValue(),
      registry.pinnedEpic.getValue(),
      migrated
        ? vaultView()
        : connRead.then(
            () => vaultView(),
            () => vaultView(),
          ),
    ]);
    const settingsPresent = info !== undefined;
    const { engine, stream } = live.get();
    return buildStatus({
      configured: settingsPresent,
      signingIn: false,
      environment: settingsPresent ? conn.environment : null,
      info: info ?? null,
      permits: [...permits, ...sessionPermits],
      lock,
      budget: clients.peek()?.budget.state() ?? null,
      throttled: engine.throttle,
      pinnedEpic: pinned,
      lastError,
      vault,
      now: now(),
      stream: stream
        ? { ...withOutage(stream.state, clients.outage.reason()), savedPerMinute: await savedPerMinute() }
        : undefined,
    });
  }

  async function statusChanged(): Promise<void> {
    const s = await status();
    lastState = s.state;
    live.get().hub.broadcast({ kind: 'status', status: s });
  }

  const recordError = (view: ErrorView | null) => {
    if (view && SILENT_KINDS.has(view.kind)) return;
    const changed = view?.kind !== lastError?.kind;
    lastError = view;
    if (changed) void statusChanged().catch(() => undefined);
  };

  return {
    status,
    statusChanged,
    recordError,
    reportError: (err) => recordError(err === null ? null : toErrorView(err)),
    showError(view) {
      lastError = view;
    },
    replied(r) {
      if (r.ok && lastError && (lastError.kind === 'offline' || lastError.kind === 'timeout')) recordError(null);
      else if (!r.ok) recordError(r.error);
      if (clients.peek()?.sessionInfo() && lastState !== 'signed-in') void statusChanged().catch(() => undefined);
    },
  };
}

/** While the service fails, a stream that is not live is Delayed, for the reason the user can act on (none). */
function withOutage(view: StreamView, reason: string | null): StreamView {
  if (!reason || view.mode === 'live' || view.mode === 'off') return view;
  return { mode: 'polling', reason };
}
