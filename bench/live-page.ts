// The side panel as the live-prices bench drives it: messages to the worker, the watchlist opened and
// shown whole, its rows' changes recorded, and the stream's state as the panel says it.
import type { BrowserContext, Page } from 'playwright-core';
import { extensionUrl, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import type { SimHandle } from '../sim/server';
import type { Painted } from './paint-match';
import { pricesStreamed } from './stream-sends';

/** Records, in the page, when each watchlist row's text changes (epoch ms) and the bid and offer it shows. */
export const RECORD_ROWS = `
globalThis.rowChanges = [];
new MutationObserver((records) => {
  const now = Date.now();
  const seen = new Set();
  for (const r of records) {
    const row = (r.target.nodeType === 1 ? r.target : r.target.parentElement)?.closest?.('[data-testid="panel-row"]');
    const epic = row?.getAttribute('data-epic');
    if (epic && !seen.has(epic)) {
      seen.add(epic);
      const text = (sel) => row.querySelector(sel)?.textContent ?? '';
      globalThis.rowChanges.push([now, epic, text('.wl-bid'), text('.wl-offer')]);
    }
  }
}).observe(document, { subtree: true, childList: true, characterData: true });`;
export type RowChange = [at: number, epic: string, bid: string, offer: string];

export const asPainted = (rows: RowChange[]): Painted[] =>
  rows.map(([at, epic, bid, offer]) => ({ at, epic, bid, offer }));

export async function ask<T>(page: Page, type: string, data: unknown): Promise<T> {
  const reply = (await page.evaluate(
    async ([type, data]) =>
      (
        await (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ res: unknown }> } } }
        ).chrome.runtime.sendMessage({ id: 1, type, data, timestamp: Date.now() })
      ).res,
    [type, data] as const,
  )) as { ok: boolean; data: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
  return reply.data;
}

/** REST requests (not the stream's) in the log from `from`, and the price polls among them. */
export function restCounts(sim: SimHandle, from: number) {
  const rest = sim.control
    .requestLog()
    .slice(from)
    .filter((e) => !e.path.startsWith('/lightstreamer'));
  return { all: rest.length, prices: rest.filter((e) => e.method === 'GET' && e.path.startsWith('/markets')).length };
}

export async function streamState(panel: Page): Promise<string> {
  return (
    (await panel
      .getByTestId('stream-state')
      .textContent()
      .catch(() => '')) ?? ''
  );
}

export async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function openPanel(context: BrowserContext, extensionId: string, epics: string[]) {
  const admin = await context.newPage();
  await admin.goto(extensionUrl(extensionId, 'manifest.json'));
  const created = await ask<{ id: string }>(admin, 'watchlists.create', { name: 'Bench stream', epics });
  await admin.close();
  const panel = await context.newPage();
  await panel.setViewportSize(SIDEPANEL_VIEWPORT);
  await panel.goto(extensionUrl(extensionId, 'sidepanel.html'));
  await panel.getByRole('combobox', { name: 'Watchlist' }).selectOption(created.id);
  await panel.getByTestId('panel-row').first().waitFor({ timeout: 30_000 });
  return { panel, listId: created.id };
}

/** The side panel shows the watchlist `id` with every one of `rows` rows on screen (so all are streamed). */
export async function showList(panel: Page, id: string, rows: number) {
  await panel.setViewportSize({
    width: SIDEPANEL_VIEWPORT.width,
    height: Math.max(SIDEPANEL_VIEWPORT.height, rows * 48 + 400),
  });
  await panel.getByRole('combobox', { name: 'Watchlist' }).selectOption(id);
}

/**
 * The PRICE items the extension subscribes once that number has held for a second and a half (a page just
 * opened, resized or closed changes its markets for a moment), or as it stands after `timeout`.
 */
export async function settledPrices(sim: SimHandle, timeout = 30_000): Promise<number> {
  const until = Date.now() + timeout;
  let last = -1;
  let since = Date.now();
  for (;;) {
    const n = pricesStreamed(sim);
    if (n !== last) {
      last = n;
      since = Date.now();
    }
    if (Date.now() - since >= 1_500 || Date.now() > until) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The markets whose PRICE items the extension's bound stream session subscribes now, sorted. */
export const streamedEpics = (sim: SimHandle) =>
  [
    ...new Set(
      sim.control
        .state()
        .streaming.sessions.filter((s) => s.bound)
        .flatMap((s) => s.subscriptions.flatMap((sub) => sub.items))
        .filter((i) => i.startsWith('PRICE:'))
        .map((i) => i.split(':').slice(2).join(':')),
    ),
  ].sort();

/**
 * The side panel's table as laid out now: the page's height outside the rows' scroller, the first row's offset,
 * a row's height and how many rows start on screen (counted from the rows' own places: the DOM keeps them in
 * no order).
 */
export const panelLayout = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="panel-rows"]')!;
    const rows = [...scroller.querySelectorAll<HTMLElement>('.wl-table [data-testid="panel-row"]')];
    const top = scroller.getBoundingClientRect().top;
    const starts = rows.map((r) => r.getBoundingClientRect().top - top).sort((a, b) => a - b);
    return {
      chrome: innerHeight - scroller.clientHeight,
      first: starts[0] ?? 0,
      row: rows[0]?.getBoundingClientRect().height ?? 0,
      onScreen: starts.filter((s) => s < scroller.clientHeight).length,
    };
  });
