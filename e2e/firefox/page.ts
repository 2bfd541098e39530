// The journeys' driver (e2e/journeys/driver.ts) on a puppeteer page in Firefox. Firefox sends no BiDi
// events for extension pages and, on 140, its CSP blocks puppeteer's waitForFunction and Locator API:
// every wait here polls from Node, bounded.
import type { ElementHandle, Page } from 'puppeteer-core';
import { type JourneyPage, type Target, textMatches } from '../journeys/driver';
import { until } from '../launch-firefox';

// Generous: the machines these run on are shared and loaded; a wait ends as soon as its condition holds.
const WAIT_MS = 20_000;

function selector(target: Target): string {
  const scope = target.within ? `[data-testid="${target.within}"] ` : '';
  if ('role' in target) return `${scope}::-p-aria([name="${target.name.replace(/"/g, '\\"')}"][role="${target.role}"])`;
  if ('testId' in target) return `${scope}[data-testid="${target.testId}"]`;
  return `${scope}${target.css}`;
}

/** A CSS target the page's own querySelectorAll reads (not an ARIA one, nor puppeteer's `::-p-` pseudo-elements). */
function plainCss(target: Target): string | null {
  const css = selector(target);
  return css.includes('::-p-') ? null : css;
}

export class FirefoxPage implements JourneyPage {
  constructor(readonly page: Page) {}

  /** The first element of the target, once there is one. */
  async find(target: Target, timeout = WAIT_MS): Promise<ElementHandle<Element>> {
    let found: ElementHandle<Element> | null = null;
    await until(
      selector(target),
      async () => {
        found = await this.page.$(selector(target));
        return found !== null;
      },
      timeout,
    );
    return found as unknown as ElementHandle<Element>;
  }

  /**
   * The text of every element of the target now. A CSS target is read in one evaluate returning strings:
   * puppeteer's $$eval took several BiDi commands and one handle per element, each a command to let go of.
   */
  texts(target: Target): Promise<string[]> {
    const css = plainCss(target);
    if (css === null) return this.page.$$eval(selector(target), (els) => els.map((e) => e.textContent ?? ''));
    return this.page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), css);
  }

  /** How many elements of the target there are now. */
  private async count(target: Target): Promise<number> {
    const css = plainCss(target);
    if (css === null) return (await this.page.$$(selector(target))).length;
    return this.page.evaluate((s) => document.querySelectorAll(s).length, css);
  }

  async click(target: Target): Promise<void> {
    const el = await this.find(target);
    await until(`${selector(target)} to be enabled`, () => el.evaluate((e) => !(e as HTMLButtonElement).disabled));
    await el.click();
  }

  /** As Playwright's fill does: focuses the box, sets its value and sends the input event the page listens to. */
  async fill(target: Target, text: string): Promise<void> {
    const el = await this.find(target);
    await el.evaluate((e, t) => {
      const input = e as HTMLInputElement;
      input.focus();
      input.value = t;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
  }

  async check(target: Target): Promise<void> {
    const el = await this.find(target);
    if (!(await el.evaluate((e) => (e as HTMLInputElement).checked))) await el.click();
    await until(`${selector(target)} to be checked`, () => el.evaluate((e) => (e as HTMLInputElement).checked));
  }

  async select(target: Target, value: string): Promise<void> {
    const el = await this.find(target);
    await el.select(value);
  }

  async expectEnabled(target: Target, enabled: boolean): Promise<void> {
    const el = await this.find(target);
    await until(
      `${selector(target)} to be ${enabled ? 'enabled' : 'disabled'}`,
      async () => enabled === (await el.evaluate((e) => !(e as HTMLButtonElement).disabled)),
    );
  }

  async expectText(target: Target, expected: string | RegExp, timeout = WAIT_MS): Promise<void> {
    const matches = (t: string) => textMatches(t, expected);
    let seen: string[] = [];
    try {
      await until(
        `${selector(target)} to show ${String(expected)}`,
        async () => {
          seen = await this.texts(target);
          return seen.some(matches);
        },
        timeout,
      );
    } catch (err) {
      // What the page says instead (an error beside a field, a banner), to tell a slow reply from a refusal.
      const page = await this.page
        .evaluate(() => (document.body.textContent ?? '').replace(/\s+/g, ' ').slice(0, 600))
        .catch(() => '(unreadable)');
      throw new Error(
        `${(err as Error).message}; it shows ${JSON.stringify(seen).slice(0, 500)}; the page reads: ${page}`,
      );
    }
  }

  async expectCount(target: Target, count: number, timeout = WAIT_MS): Promise<void> {
    let seen = -1;
    try {
      await until(
        `${count} of ${selector(target)}`,
        async () => {
          seen = await this.count(target);
          return seen === count;
        },
        timeout,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}; there are ${seen}`);
    }
  }

  /** The value of an attribute of every element of the target now. */
  attributes(target: Target, name: string): Promise<(string | null)[]> {
    const css = plainCss(target);
    if (css === null) return this.page.$$eval(selector(target), (els, n) => els.map((e) => e.getAttribute(n)), name);
    return this.page.evaluate(([s, n]) => [...document.querySelectorAll(s)].map((e) => e.getAttribute(n)), [
      css,
      name,
    ] as const);
  }

  /**
   * Loads the page again and waits for the new document: Firefox sends no load event for an extension page, and a
   * query started at once runs on the old document as it goes. Puppeteer's query moves each element it finds out
   * of an isolated realm without awaiting the move; on a document going away that move fails ("Not allowed to
   * define cross-origin object … XrayWrapper", "no such handle") as an unhandled rejection no poll can catch,
   * which fails the test (the update journey in ci19).
   */
  async reload(): Promise<void> {
    await this.page.evaluate(() => {
      (document as unknown as { leaving?: boolean }).leaving = true;
      location.reload();
    });
    await until(
      'the page to load again',
      () =>
        this.page.evaluate(
          () => !(document as unknown as { leaving?: boolean }).leaving && document.readyState === 'complete',
        ),
      WAIT_MS,
    );
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.page.evaluate(fn as never, arg) as Promise<R>;
  }
}
