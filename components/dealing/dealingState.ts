// What every dealing control needs to know before it renders: the active permits, the reconciliation
// lock and the last settlement. One shared copy per page, asked of the background and asked again
// whenever the stored permits or lock change, or the earliest permit expires.
import { useEffect, useState } from 'preact/hooks';
import { lastSettlement, type Settlement } from '../../lib/dealing/settlement';
import { send } from '../../lib/messages/contract';
import type { LockView, PermitScope, PermitView } from '../../lib/model';
import { permits, reconciliationLock, sessionPermits } from '../../lib/settings/registry';

export interface DealingState {
  loaded: boolean;
  permits: PermitView[];
  lock: LockView | null;
  settlement: Settlement | null;
}

const initial: DealingState = { loaded: false, permits: [], lock: null, settlement: null };
let current: DealingState = initial;
const listeners = new Set<(s: DealingState) => void>();
let stop: (() => void) | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

function publish(next: DealingState) {
  current = next;
  for (const l of listeners) l(next);
  clearTimeout(expiryTimer);
  const expiries = next.permits.map((p) => p.expiresAt).filter((t): t is number => t !== null);
  if (expiries.length > 0) {
    const wait = Math.max(0, Math.min(...expiries) - Date.now()) + 50;
    expiryTimer = setTimeout(refreshDealingState, Math.min(wait, 2_147_000_000));
  }
}

/**
 * Fired on window after a dealing request finished (whatever its outcome), so views showing positions
 * and working orders can ask for them again.
 */
export const DEALT_EVENT = 'marketside:dealt';

export function announceDealt(): void {
  window.dispatchEvent(new CustomEvent(DEALT_EVENT));
}

/** Asks the background again; the newest answer wins. */
export function refreshDealingState(): void {
  const mine = ++generation;
  void Promise.all([send('permit.get', {}), send('lock.get', {}), lastSettlement.getValue()]).then(
    ([p, l, settlement]) => {
      if (mine !== generation) return;
      publish({ loaded: true, permits: p.ok ? p.data : [], lock: l.ok ? l.data : null, settlement });
    },
    () => {
      if (mine === generation) publish({ ...current, loaded: true, permits: [] });
    },
  );
}

function start() {
  const unwatch = [
    permits.watch(refreshDealingState),
    sessionPermits.watch(refreshDealingState),
    reconciliationLock.watch(refreshDealingState),
    lastSettlement.watch(refreshDealingState),
  ];
  refreshDealingState();
  stop = () => {
    for (const u of unwatch) u();
    clearTimeout(expiryTimer);
    current = initial;
  };
}

export function useDealingState(): DealingState {
  const [state, setState] = useState(current);
  useEffect(() => {
    listeners.add(setState);
    if (!stop) start();
    else setState(current);
    return () => {
      listeners.delete(setState);
      if (listeners.size === 0 && stop) {
        stop();
        stop = null;
      }
    };
  }, []);
  return state;
}

/** The permit of a scope that has not expired, or null. */
export function permitOf(
  state: Pick<DealingState, 'permits'>,
  scope: PermitScope,
  now = Date.now(),
): PermitView | null {
  return state.permits.find((p) => p.scope === scope && (p.expiresAt === null || p.expiresAt > now)) ?? null;
}
