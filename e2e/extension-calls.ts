// Calls the end-to-end specs make into the extension: a message of the contract sent from one of its
// pages (as `send()` does), the service worker's open notifications, and the steps specs make with them.
import type { Page, Worker } from '@playwright/test';

interface Chrome {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<{ res: unknown }> };
    notifications: { getAll(): Promise<Record<string, boolean>> };
  };
}

export async function ask<T>(page: Page, type: string, data: unknown): Promise<T> {
  const reply = (await page.evaluate(
    async ([type, data]) =>
      (
        await (globalThis as unknown as Chrome).chrome.runtime.sendMessage({
          id: Date.now(),
          type,
          data,
          timestamp: Date.now(),
        })
      ).res,
    [type, data] as const,
  )) as { ok: true; data: T } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.data;
}

export function notifications(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () =>
    Object.keys(await (globalThis as unknown as Chrome).chrome.notifications.getAll()),
  );
}

/** A watchlist made by message and chosen in the side panel (reloaded to list it). */
export async function showWatchlist(panel: Page, name: string, epics: string[]): Promise<void> {
  const created = await ask<{ id: string }>(panel, 'watchlists.create', { name, epics });
  await panel.reload();
  await panel.getByRole('combobox', { name: 'Watchlist' }).selectOption(created.id);
}

/** An alert made by message from `page`: `epic` above 1 % over its mid price now. */
export async function alertAboveMid<T>(page: Page, epic: string): Promise<{ level: number; created: T }> {
  const [quote] = await ask<{ value: { bid: number; offer: number } }[]>(page, 'markets.quotes', { epics: [epic] });
  const mid = ((quote?.value.bid ?? 0) + (quote?.value.offer ?? 0)) / 2;
  const level = Number((mid * 1.01).toFixed(4));
  const created = await ask<T>(page, 'alerts.create', { epic, kind: 'above', target: level });
  return { level, created };
}
