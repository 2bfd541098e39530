// Firefox's own surfaces, as Firefox users meet them, in a headed Firefox on a virtual display (headless Firefox
// draws no toolbar, sidebar box or popup panel): the sidebar opened by `_execute_sidebar_action`'s shortcut
// (Alt+Shift+M) and from the toolbar's sidebar button, its positions view and account summary; the toolbar
// popup opened by the extension's toolbar button (its size, focus in the search box), its results moving while
// streaming, and the toolbar badge of the pinned market moving. The toolbar and keys are driven in Firefox's own
// window (BiDi's chrome scope, `--remote-allow-system-access`): trusted key and mouse events on its keyset and
// buttons; the extension's pages are read through `extension.getViews()` from one of its tabs.
import type { Browser } from 'puppeteer-core';
import { TestClient } from '../../tests/sim/helpers';
import { EURUSD, MY_WATCHLIST } from '../journeys/data';
import { ask } from '../journeys/steps';
import { until } from '../launch-firefox';
import { type Display, startXvfb } from '../xvfb';
import { expect, test } from './harness';
import type { FirefoxPage } from './page';

const WIDGET = 'marketside_marketside_app';
const SIDEBAR_ID = `${WIDGET}-sidebar-action`;
const ACTION = `${WIDGET}-browser-action`;

let display: Display;
const previousDisplay = process.env.DISPLAY;
test.beforeAll(async () => {
  display = await startXvfb();
  process.env.DISPLAY = display.name;
});
test.afterAll(async () => {
  if (previousDisplay === undefined) delete process.env.DISPLAY;
  else process.env.DISPLAY = previousDisplay;
  await display?.stop();
});
test.use({ firefoxOptions: { headless: false } });

/** Runs an expression in Firefox's own browser window (chrome scope) and returns its value. */
async function inFirefoxWindow<T>(browser: Browser, expression: string): Promise<T> {
  const connection = (browser as unknown as { connection: { send(m: string, p: object): Promise<BiDiResult> } })
    .connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const window = (tree.result as { contexts: { context: string; url: string }[] }).contexts.find((c) =>
    c.url.startsWith('chrome://browser/'),
  );
  if (!window) throw new Error("Firefox's browser window is not there");
  const reply = await connection.send('script.evaluate', {
    expression,
    target: { context: window.context },
    awaitPromise: true,
  });
  const result = reply.result as { type: string; result?: { value?: unknown }; exceptionDetails?: { text: string } };
  if (result.type === 'exception') throw new Error(`In Firefox's window: ${result.exceptionDetails?.text}`);
  return result.result?.value as T;
}
type BiDiResult = { result: unknown };

/** A trusted click (mousedown, mouseup, click) at the centre of a toolbar button. */
const clickToolbarButton = (selector: string) => `(() => {
  const b = document.querySelector(${JSON.stringify(selector)});
  const r = b.getBoundingClientRect();
  for (const type of ['mousedown', 'mouseup', 'click'])
    b.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, view: window,
      clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
  return b.id;
})()`;

interface View {
  path: string;
  width: number;
  height: number;
  focused: string | null;
  text: string;
}

/** The extension's open sidebar or popup, read from one of its tabs. */
function view(probe: FirefoxPage, type: 'sidebar' | 'popup', selector = 'body'): Promise<View | null> {
  return probe.evaluate(
    ([t, sel]) => {
      const ext = (globalThis as unknown as { browser: { extension: { getViews(q: object): Window[] } } }).browser;
      const w = ext.extension.getViews({ type: t })[0];
      if (!w) return null;
      const active = w.document.activeElement;
      return {
        path: w.location.pathname,
        width: w.innerWidth,
        height: w.innerHeight,
        focused: active?.getAttribute('aria-label') ?? active?.getAttribute('placeholder') ?? null,
        text: [...w.document.querySelectorAll(sel)].map((e) => e.textContent ?? '').join(' | '),
      };
    },
    [type, selector] as const,
  );
}

/** Clicks (or types into) an element of the open sidebar or popup, from one of the extension's tabs. */
function act(
  probe: FirefoxPage,
  type: 'sidebar' | 'popup',
  selector: string,
  text?: string,
  named?: string,
): Promise<boolean> {
  return probe.evaluate(
    ([t, sel, value, name]) => {
      const ext = (globalThis as unknown as { browser: { extension: { getViews(q: object): Window[] } } }).browser;
      const all = [...(ext.extension.getViews({ type: t })[0]?.document.querySelectorAll<HTMLInputElement>(sel) ?? [])];
      const el = all.find((e) => name === null || e.textContent?.trim() === name);
      if (!el) return false;
      if (value === null) el.click();
      else {
        el.value = value;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      return true;
    },
    [type, selector, text ?? null, named ?? null] as const,
  );
}

async function expectView(probe: FirefoxPage, type: 'sidebar' | 'popup', selector: string, expected: RegExp) {
  let last: View | null = null;
  await until(
    `the ${type} to show ${expected} in ${selector}`,
    async () => {
      last = await view(probe, type, selector);
      return !!last && expected.test(last.text);
    },
    20_000,
  ).catch((err) => {
    throw new Error(`${(err as Error).message}; it shows ${JSON.stringify(last).slice(0, 400)}`);
  });
}

test('the real sidebar, toolbar popup and badge: opened as users open them, live while streaming', async ({
  firefox,
  connect,
  openPage,
  sim,
}) => {
  test.setTimeout(120_000);
  const t0 = Date.now();
  const step = (what: string) => console.log(`surfaces: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // A position opened on IG's own platform, for the positions view.
  const platform = new TestClient(sim);
  await platform.loginV2();
  const order = { epic: EURUSD, expiry: '-', direction: 'BUY', size: 2, orderType: 'MARKET', currencyCode: 'USD' };
  const opened = await platform.post(
    '/positions/otc',
    { ...order, forceOpen: true, guaranteedStop: false, dealReference: 'FF-SURFACE-1' },
    { version: 2 },
  );
  expect(opened.status).toBe(200);
  const probe = await connect();
  const { browser } = firefox;

  // The sidebar by its keyboard shortcut: Alt+Shift+M on Firefox's window runs `_execute_sidebar_action`.
  await inFirefoxWindow(
    browser,
    `['keydown', 'keypress'].forEach((type) => document.documentElement.dispatchEvent(new KeyboardEvent(type,
      { key: 'M', code: 'KeyM', keyCode: type === 'keydown' ? 77 : 0, charCode: type === 'keypress' ? 77 : 0,
        altKey: true, shiftKey: true, bubbles: true, cancelable: true })))`,
  );
  await until(
    'the sidebar to open on Marketside',
    async () =>
      (await inFirefoxWindow<string>(browser, 'SidebarController.isOpen && SidebarController.currentID')) ===
      SIDEBAR_ID,
  );
  await expectView(probe, 'sidebar', '[data-testid="panel-row"]', /\d\.\d{4}/);
  await expectView(probe, 'sidebar', '[data-testid="stream-state"]', /^Live$/);
  const sidebar = await view(probe, 'sidebar');
  expect(sidebar?.path).toBe('/sidepanel.html');
  expect(sidebar?.text).toContain(MY_WATCHLIST.name);
  console.log(`firefox sidebar: ${sidebar?.width}×${sidebar?.height} px`);

  step('Closed, then open');
  // Closed, then opened again from the toolbar's sidebar button (added to the toolbar as a user does).
  await inFirefoxWindow(browser, 'SidebarController.hide()');
  await until(
    'the sidebar to close',
    async () => !(await inFirefoxWindow<boolean>(browser, 'SidebarController.isOpen')),
  );
  await inFirefoxWindow(browser, `CustomizableUI.addWidgetToArea('sidebar-button', CustomizableUI.AREA_NAVBAR)`);
  await inFirefoxWindow(browser, clickToolbarButton('#sidebar-button'));
  await until(
    'the sidebar button to open Marketside',
    async () =>
      (await inFirefoxWindow<string>(browser, 'SidebarController.isOpen && SidebarController.currentID')) ===
      SIDEBAR_ID,
  );
  await expectView(probe, 'sidebar', '[data-testid="stream-state"]', /^Live$/);

  step('Its positions vie');
  // Its positions view and the account summary, live from the stream.
  expect(await act(probe, 'sidebar', 'button', undefined, 'Positions')).toBe(true);
  await expectView(probe, 'sidebar', '[data-testid="panel-position"]', /EUR\/USD/);
  await expectView(probe, 'sidebar', '[data-testid="account-summary"] [data-testid="funds-age"]', /^Live$/);
  await expectView(probe, 'sidebar', '[data-testid="account-summary"]', /\d\.\d\d [A-Z]{3}/);

  step('The toolbar popup');
  // The toolbar popup from the extension's button (pinned to the toolbar as a user does): its size and focus.
  await inFirefoxWindow(browser, `CustomizableUI.addWidgetToArea('${ACTION}', CustomizableUI.AREA_NAVBAR)`);
  await inFirefoxWindow(browser, clickToolbarButton(`#${ACTION} .unified-extensions-item-action-button`));
  // Firefox grows the popup's panel to its content once it has painted.
  await until('the toolbar popup to open at its size', async () => {
    const open = await view(probe, 'popup');
    return open?.path === '/popup.html' && open.width > 100;
  });
  const popup = await view(probe, 'popup');
  console.log(`firefox popup: ${popup?.width}×${popup?.height} px`);
  expect(popup?.width).toBe(380);
  expect(popup?.height).toBeGreaterThanOrEqual(300);
  let focused: string | null | undefined;
  await until('focus in the search box', async () => {
    focused = (await view(probe, 'popup'))?.focused;
    return focused === 'Search markets';
  }).catch((err) => {
    throw new Error(`${(err as Error).message}; focus is on ${JSON.stringify(focused)}`);
  });

  step('Its results, with');
  // Its results, with prices that move while the stream runs.
  expect(await act(probe, 'popup', 'input[role="combobox"]', 'EUR/USD')).toBe(true);
  const row = `[data-testid="popup-result"][data-epic="${EURUSD}"]`;
  await expectView(probe, 'popup', row, /\d\.\d{4}/);
  const first = (await view(probe, 'popup', row))?.text;
  await until(
    'the result row to move with the stream',
    async () => (await view(probe, 'popup', row))?.text !== first,
    30_000,
  );

  step('The badge of the ');
  // The badge of the pinned market on the real toolbar button, moving while streaming.
  await probe.evaluate(
    (epic) =>
      (
        globalThis as unknown as { browser: { storage: { local: { set(v: object): Promise<void> } } } }
      ).browser.storage.local.set({ pinnedEpic: epic }),
    EURUSD,
  );
  const badge = () =>
    inFirefoxWindow<string>(
      browser,
      `document.querySelector('#${ACTION} .unified-extensions-item-action-button')?.getAttribute('badge') ?? ''`,
    );
  await until('a price on the toolbar badge', async () => /\d/.test(await badge()), 30_000);
  const shown = await badge();
  // A price the stream carries moves the market 20 %: the badge's percentage change follows.
  const [quote] = await ask<{ value: { bid: number } }[]>(probe, 'markets.quotes', { epics: [EURUSD] });
  const bid = Number(((quote?.value.bid ?? 1) * 1.2).toFixed(4));
  sim.control.setMarket(EURUSD, { bid, offer: Number((bid + 0.0002).toFixed(4)) });
  await until('the toolbar badge to move with the stream', async () => (await badge()) !== shown, 30_000);
  step('done');
  await openPage('privacy.html');
});
