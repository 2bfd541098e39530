// Alert notifications: one per firing; a click opens the market in the side panel.
import { browser } from 'wxt/browser';
import type { AlertNotice } from '../../alerts/describe';
import type { ListNotice } from '../../alerts/list-rules';
import { EPIC } from '../../api/patterns';
import { isFirefox } from '../../browser-kind';
import type { AlertRule } from '../../model';
import { openMarketInPanel } from '../lookup/open';

const PREFIX = 'marketside-alert|';

/** The notification id carries the epic, so a click works even after the worker restarted. */
export function notificationId(rule: AlertRule, firedAt: number): string {
  return `${PREFIX}${rule.epic}|${rule.id}|${firedAt}`;
}

export function epicOfNotification(id: string): string | null {
  if (!id.startsWith(PREFIX)) return null;
  const epic = id.slice(PREFIX.length).split('|')[0] ?? '';
  return EPIC.test(epic) ? epic : null;
}

export interface AlertNotifier {
  show(rule: AlertRule, notice: AlertNotice, firedAt: number): Promise<void>;
}

export const browserNotifier: AlertNotifier = {
  async show(rule, notice, firedAt) {
    await browser.notifications.create(notificationId(rule, firedAt), {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: notice.title,
      message: notice.message,
      // Firefox rejects options it does not know; Chrome keeps an alert on screen until it is seen.
      ...(isFirefox ? {} : { requireInteraction: true }),
    });
  },
};

/** The click: opens the market (synchronously, while the click still counts as the user's action). */
export function onAlertNotificationClicked(id: string): Promise<void> | undefined {
  const epic = epicOfNotification(id);
  if (!epic) return undefined;
  return openMarketInPanel(epic).then(
    () => browser.notifications.clear(id).then(() => undefined),
    () => undefined,
  );
}

export function registerAlertNotifications(): void {
  browser.notifications.onClicked.addListener((id) => void onAlertNotificationClicked(id));
}

export interface ListNotifier {
  showList(alertId: string, notice: ListNotice, firedAt: number): Promise<void>;
}

/** A list alert's notification: its id carries the market a click opens, like a market alert's. */
export function listNotificationId(alertId: string, epic: string, firedAt: number): string {
  return `${PREFIX}${epic}|list-${alertId}|${firedAt}`;
}

export const browserListNotifier: ListNotifier = {
  async showList(alertId, notice, firedAt) {
    await browser.notifications.create(listNotificationId(alertId, notice.epic, firedAt), {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: notice.title,
      message: notice.message,
      ...(isFirefox ? {} : { requireInteraction: true }),
    });
  },
};
