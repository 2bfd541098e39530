// Accessibility, checked by axe-core in real Chromium against the simulated service: the popup, the side
// panel and the settings, in each state a trader uses them, each audited in the light and in the dark theme
// (the system's colour scheme, which the default theme setting follows; the dark theme chosen in the
// settings is checked to give the very same colours). No serious or critical violation is allowed; the
// moderate and minor ones, and what axe could not decide, are written per page and theme to
// artifacts/a11y-moderate.json.
// No rule is disabled and no element excluded: the chart's canvas holds no text for axe to check, and its
// library's markup passes as it is.
// What axe cannot see is walked through with the keyboard: reaching the watchlist's rows, a visible focus
// ring on them, and focus following the view into a market and back to its row.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { grantDemoPermit } from './dealing-steps';
import { expect, type SimHandle, test } from './harness';
import { ROOT } from './launch';

const EURUSD = 'CS.D.EURUSD.CFD.IP';
const EURUSD_MINI = 'CS.D.EURUSD.MINI.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const MODERATE_FILE = join(ROOT, 'artifacts', 'a11y-moderate.json');
const THEMES = ['light', 'dark'] as const;

type Theme = (typeof THEMES)[number];

interface Finding {
  /** 'needs review': axe could not decide (for example text over a gradient); never fails the test. */
  kind: 'violation' | 'needs review';
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** What axe found, by theme and state. */
type Findings = Record<Theme, Record<string, Finding[]>>;

const isBlocking = (f: Finding) => f.kind === 'violation' && (f.impact === 'serious' || f.impact === 'critical');

/** Runs axe on the page as it is now, once in each theme, and files what it found under `state`. */
async function audit(page: Page, state: string, findings: Findings): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations, incomplete } = await axe(page).analyze();
    const found = (kind: Finding['kind']) => (r: (typeof violations)[number]) => ({
      kind,
      id: r.id,
      impact: r.impact ?? 'unknown',
      help: r.help,
      targets: r.nodes.map((n) => n.target.join(' ')),
    });
    findings[theme][state] = [...violations.map(found('violation')), ...incomplete.map(found('needs review'))];
  }
}

/** One line per serious or critical violation: where, how bad, which rule, on which elements. */
function blocking(findings: Findings): string[] {
  return THEMES.flatMap((theme) =>
    Object.entries(findings[theme]).flatMap(([state, found]) =>
      found
        .filter(isBlocking)
        .map((f) => `${state} [${theme}]: ${f.impact} ${f.id} (${f.help}) at ${f.targets.join(' | ')}`),
    ),
  );
}

async function recordMinor(findings: Findings): Promise<void> {
  const minor = Object.fromEntries(
    THEMES.map((theme) => [
      theme,
      Object.fromEntries(
        Object.entries(findings[theme]).map(([state, found]) => [state, found.filter((f) => !isBlocking(f))]),
      ),
    ]),
  );
  await mkdir(join(ROOT, 'artifacts'), { recursive: true });
  await writeFile(MODERATE_FILE, `${JSON.stringify(minor, null, 2)}\n`);
}

/** The theme's colours as a page resolves them: every custom property on the root, and the body's own. */
function themeColours(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const body = getComputedStyle(document.body);
    const colours: Record<string, string> = { 'body color': body.color, 'body background': body.backgroundColor };
    for (const name of Array.from(root)) if (name.startsWith('--')) colours[name] = root.getPropertyValue(name).trim();
    return colours;
  });
}

/**
 * Why the focused element's focus ring cannot be seen, or null when it can: it has no outline, or an
 * ancestor that clips its overflow cuts the ring off.
 */
function focusRingProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing is focused';
    const name = (e: Element) => `<${e.tagName.toLowerCase()} class="${e.className}">`;
    const style = getComputedStyle(el);
    const width = Number.parseFloat(style.outlineWidth);
    if (style.outlineStyle === 'none' || !(width > 0)) return `${name(el)} has no focus outline`;
    const grow = width + Number.parseFloat(style.outlineOffset);
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left - grow < b.left || r.right + grow > b.right || r.top - grow < b.top || r.bottom + grow > b.bottom)
        return `the focus outline of ${name(el)} is clipped by ${name(a)}`;
    }
    return null;
  });
}

const focusedEpic = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-epic]')?.getAttribute('data-epic') ?? null);

type FlashHold = { heldFlash?: string; releaseFlash?: () => void };

/**
 * Keeps the flash class the page gives a row on it until released. A flash ends 1.2 s after it starts, by the
 * page's own timer; under CI's load one assertion's round trip, or axe's audit, can take longer than that
 * (ci58: the row showed its new price and never its flash). The class is the page's own, held, not made up.
 */
function holdFlash(epic: string): void {
  const row = document.querySelector(`[data-testid="panel-row"][data-epic="${epic}"]`);
  if (!row) throw new Error(`no row for ${epic}`);
  const hold = window as unknown as FlashHold;
  const observer = new MutationObserver(() => {
    const flash = [...row.classList].find((c) => c.startsWith('flash-up-'));
    if (flash) hold.heldFlash = flash;
    else if (hold.heldFlash) row.classList.add(hold.heldFlash);
  });
  observer.observe(row, { attributes: true, attributeFilter: ['class'] });
  hold.releaseFlash = () => {
    observer.disconnect();
    if (hold.heldFlash) row.classList.remove(hold.heldFlash);
  };
}

/**
 * Moves a watchlist row's price, then audits the list while that row flashes: the page's animations are
 * frozen at their first frame first, so axe sees the flash at its strongest whatever the machine's speed.
 */
async function auditWhileFlashing(panel: Page, sim: SimHandle, findings: Findings): Promise<void> {
  const cdp = await panel.context().newCDPSession(panel);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await panel.evaluate(holdFlash, FTSE);
  try {
    const row = panel.locator(`[data-testid="panel-row"][data-epic="${FTSE}"]`);
    sim.control.setMarket(FTSE, { bid: 9000, offer: 9001 });
    await expect(row).toContainText('9,000.0', { timeout: 20_000 });
    await expect(row).toHaveClass(/flash-up-/);
    await audit(panel, 'side panel: watchlist, a row flashing, budget and import/export open', findings);
  } finally {
    await panel.evaluate(() => (window as unknown as FlashHold).releaseFlash?.());
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await cdp.detach();
  }
}

test('no serious or critical axe violation on any page in light and dark themes, and the keyboard finds its way', async ({
  configure,
  openPage,
  sim,
}, testInfo) => {
  test.setTimeout(300_000);
  const findings: Findings = { light: {}, dark: {} };
  try {
    await configure();
    // The permit's confirmation, as asked before it is granted (the grant itself happens on a second page).
    const asked = await openPage('options.html');
    await asked.getByRole('button', { name: 'Check' }).click();
    await expect(asked.getByTestId('options-active-account')).toHaveText('SIMCFD1');
    await asked.getByRole('button', { name: 'Turn on dealing permit…' }).click();
    await expect(asked.getByRole('checkbox', { name: /I understand/ })).toBeVisible();
    await audit(asked, 'options: granting a dealing permit', findings);
    await asked.close();
    const options = await grantDemoPermit(openPage);
    await audit(options, 'options: dealing permitted', findings);

    const popup = await openPage('popup.html');
    const search = popup.getByRole('combobox', { name: 'Search markets' });
    await expect(search).toBeFocused();
    await audit(popup, 'popup: search', findings);
    await search.fill('EUR/USD');
    const result = popup.locator(`[data-testid="popup-result"][data-epic="${EURUSD}"]`);
    await expect(result).toContainText(/\d\.\d{4}/);
    await audit(popup, 'popup: results', findings);
    await result.click();
    const market = popup.getByTestId('popup-market');
    await expect(market.locator('.market__prices')).toContainText(/Bid\s*\d\.\d{4}/);
    await market.getByRole('button', { name: 'Set an alert' }).click();
    const alertForm = market.getByRole('form', { name: /^Alert for EUR\/USD/ });
    await alertForm.getByRole('textbox', { name: 'Price' }).fill('9.5');
    await alertForm.getByRole('button', { name: 'Set alert' }).click();
    await expect(alertForm.getByRole('status')).toContainText('Alert set: EUR/USD');
    await audit(popup, 'popup: market, with its alert form', findings);

    const panel = await openPage('sidepanel.html');
    await expect(panel.getByTestId('panel-row').first()).toContainText(/\d\.\d/);
    const budget = panel.getByRole('button', { name: 'Budget' });
    const importExport = panel.getByRole('button', { name: 'Import / export' });
    const listAlert = panel.getByRole('button', { name: 'List alert', exact: true });
    await budget.click();
    await importExport.click();
    await listAlert.click();
    await expect(panel.getByRole('button', { name: 'Export as CSV' })).toBeVisible();
    // The list alert form, with an alert saved (so the alerts view below lists it too).
    await panel.getByRole('textbox', { name: 'Percent' }).fill('3');
    await panel.getByRole('button', { name: 'Save list alert' }).click();
    await expect(panel.getByTestId('list-alert')).toHaveCount(1);
    await auditWhileFlashing(panel, sim, findings);
    await budget.click();
    await importExport.click();
    await listAlert.click();

    await test.step('flags, sections, chosen columns and a note', async () => {
      const firstName = panel.getByTestId('panel-row').first().locator('.wl-name .link');
      await firstName.focus();
      await panel.keyboard.press('f');
      await panel.getByRole('button', { name: 'Sections' }).click();
      await panel.getByRole('textbox', { name: 'New section name' }).fill('Majors');
      await panel.getByRole('button', { name: 'Add section' }).click();
      await firstName.focus();
      await panel.keyboard.press(']');
      await expect(panel.locator('.wl-section')).toContainText('Majors (1)');
      await panel.getByRole('button', { name: 'Columns' }).click();
      for (const column of ['Mid price', 'Day high', 'Day low', 'Day range', 'Spread', 'Last update'])
        await panel.getByRole('checkbox', { name: column }).check();
      await expect(panel.getByTestId('panel-rows')).toHaveClass(/wl-custom/);
      await firstName.focus();
      await audit(panel, 'side panel: a flag, a section, every column, columns and sections open', findings);
      await panel.getByRole('button', { name: 'Columns' }).click();
      await panel.getByRole('button', { name: 'Sections' }).click();
    });

    await test.step('keyboard: Tab reaches the rows, arrows move between them with a visible ring, Enter opens one', async () => {
      const firstRow = panel.getByTestId('panel-row').first().getByRole('button').first();
      for (let i = 0; i < 40 && !(await firstRow.evaluate((el) => el === document.activeElement)); i++)
        await panel.keyboard.press('Tab');
      await expect(firstRow).toBeFocused();
      expect(await focusRingProblem(panel)).toBeNull();
      let epic = await focusedEpic(panel);
      for (let i = 0; i < 10 && epic !== EURUSD_MINI; i++) {
        await panel.keyboard.press('ArrowDown');
        const next = await focusedEpic(panel);
        expect(next, 'ArrowDown moves to the next row').not.toBe(epic);
        epic = next;
      }
      expect(epic).toBe(EURUSD_MINI);
      expect(await focusRingProblem(panel)).toBeNull();
      await panel.keyboard.press('Enter');
      await expect(panel.getByRole('heading', { level: 2, name: 'EUR/USD Mini' })).toBeFocused();
    });

    const ticket = panel.getByTestId('deal-ticket');
    await expect(ticket).toBeVisible();
    await expect(
      panel
        .getByRole('figure', { name: /^Price chart of/ })
        .locator('canvas')
        .first(),
    ).toBeVisible();
    await expect(panel.getByTestId('panel-chart-legend')).toContainText(/C \d\.\d{4}/);
    await expect(panel.getByRole('form', { name: /^Alert for/ })).toBeVisible();
    await panel.getByRole('button', { name: 'New working order on EUR/USD Mini' }).click();
    await expect(panel.getByRole('form', { name: 'New working order on EUR/USD Mini' })).toBeVisible();
    await audit(panel, 'side panel: market detail, chart, deal ticket and working order form', findings);
    await ticket.getByLabel('Size').fill('1');
    await ticket.getByRole('button', { name: 'Get costs quote' }).click();
    await expect(ticket.getByTestId('deal-quote')).toContainText('Indicative costs and charges');
    await audit(panel, 'side panel: deal ticket with its costs quote', findings);
    await ticket.getByRole('button', { name: 'Place deal' }).click();
    await expect(ticket.getByTestId('deal-outcome')).toContainText(/Deal accepted/);

    await test.step('keyboard: Back returns to the row of the market just left', async () => {
      const back = panel.getByRole('button', { name: 'Back' });
      await back.focus();
      await panel.keyboard.press('Enter');
      await expect.poll(() => focusedEpic(panel)).toBe(EURUSD_MINI);
      expect(await focusRingProblem(panel)).toBeNull();
    });

    await panel.getByRole('button', { name: 'Positions' }).click();
    await panel.getByRole('button', { name: /^Amend stop and limit of / }).click();
    await expect(panel.getByRole('form', { name: /^Amend .*EUR\/USD Mini/ })).toBeVisible();
    await audit(panel, 'side panel: positions, amending a position', findings);

    await panel.getByRole('button', { name: 'Browse' }).click();
    await panel.locator('button.category').first().click();
    await expect(panel.getByTestId('panel-instrument').first()).toBeVisible();
    await audit(panel, 'side panel: browse', findings);

    await panel.getByRole('button', { name: 'Alerts', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
    await expect(panel.getByText(/EUR\/USD/).first()).toBeVisible();
    await expect(panel.getByTestId('list-alert-row')).toHaveCount(1);
    await audit(panel, 'side panel: alerts', findings);

    await test.step('the dark theme chosen in the settings gives the colours of the system’s dark mode', async () => {
      const pages = [options, popup, panel];
      for (const page of pages) await page.emulateMedia({ colorScheme: 'dark' });
      const fromSystem = await Promise.all(pages.map(themeColours));
      expect(fromSystem[0]).toHaveProperty('--bg');
      await options.getByLabel('Theme').selectOption('dark');
      for (const page of pages) {
        await page.emulateMedia({ colorScheme: 'light' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      }
      expect(await Promise.all(pages.map(themeColours))).toEqual(fromSystem);
    });
  } finally {
    await recordMinor(findings);
    await testInfo.attach('axe-findings', { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
  }
  for (const theme of THEMES) expect(Object.keys(findings[theme])).toHaveLength(12);
  expect(
    blocking(findings),
    'serious or critical axe violations: state [theme]: impact rule (help) at targets',
  ).toEqual([]);
});
