// Calls the end-to-end specs make into the extension: a message of the contract sent from one of its
// pages (as `send()` does), and the service worker's open notifications.
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
