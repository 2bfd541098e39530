// The side panel header's views and what it says before an account is known (components/sidepanel/Header.tsx).
import { i18n } from '#i18n';
import type { StatusView } from '../messages/contract';
import type { SidepanelView } from './route';

export function panelTabs(showAlerts: boolean): { view: SidepanelView; label: string }[] {
  return [
    { view: 'watchlists', label: i18n.t('tab.watchlists') },
    { view: 'browse', label: i18n.t('tab.browse') },
    { view: 'positions', label: i18n.t('tab.positions') },
    { view: 'history', label: i18n.t('tab.history') },
    ...(showAlerts ? [{ view: 'alerts' as const, label: i18n.t('tab.alerts') }] : []),
  ];
}

/** Where the header names the account while there is none to name. */
export function noAccountText(status: StatusView | null): string {
  if (!status) return i18n.t('stream.connecting');
  if (status.state === 'signing-in') return i18n.t('account.signingIn');
  return status.state === 'locked' ? i18n.t('account.locked') : i18n.t('account.notConnected');
}
