// The side panel header's views and what it says before an account is known (components/sidepanel/Header.tsx).
import type { StatusView } from '../messages/contract';
import type { SidepanelView } from './route';

export function panelTabs(showAlerts: boolean): { view: SidepanelView; label: string }[] {
  return [
    { view: 'watchlists', label: 'Watchlists' },
    { view: 'browse', label: 'Browse' },
    { view: 'positions', label: 'Positions' },
    { view: 'history', label: 'History' },
    ...(showAlerts ? [{ view: 'alerts' as const, label: 'Alerts' }] : []),
  ];
}

/** Where the header names the account while there is none to name. */
export function noAccountText(status: StatusView | null): string {
  if (!status) return 'Connecting…';
  if (status.state === 'signing-in') return 'Signing in…';
  return status.state === 'locked' ? 'Locked' : 'Not connected';
}
