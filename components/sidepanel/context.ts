// What every view of the side panel shares: the status, the preferences, the live channel and navigation.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { StatusView } from '../../lib/messages/contract';
import type { Prefs } from '../../lib/settings/registry';
import type { LiveLink } from '../../lib/sidepanel/live';
import type { SidepanelRoute } from '../../lib/sidepanel/route';
import type { DealingModule } from './useDealing';

export interface PanelEnv {
  status: StatusView | null;
  prefs: Prefs;
  updatePrefs(patch: Partial<Prefs>): void;
  live: LiveLink;
  navigate(route: SidepanelRoute): void;
  openSettings(): void;
  /** The dealing controls, present only while dealing is permitted (or a deal awaits reconciliation). */
  dealing: DealingModule | null;
  /** The resolved theme, for parts that draw their own colours (the chart). */
  theme: string;
}

export const PanelContext = createContext<PanelEnv | null>(null);

export function usePanel(): PanelEnv {
  const env = useContext(PanelContext);
  if (!env) throw new Error('usePanel outside the side panel');
  return env;
}

/** Dealing controls appear only while the account holds an unexpired dealing permit. */
export function hasDealingPermit(status: StatusView | null, now: number = Date.now()): boolean {
  if (!status?.account) return false;
  return status.permits.some(
    (p) =>
      p.scope === 'dealing' && p.accountId === status.account!.accountId && (p.expiresAt === null || p.expiresAt > now),
  );
}
