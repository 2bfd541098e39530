// The little a journey step needs from one open extension page. The Chromium suite implements it on a
// Playwright page (e2e/journeys/playwright-page.ts), the Firefox suite on a puppeteer page
// (e2e/firefox/page.ts), so a step written once (e2e/journeys/steps.ts) runs in both browsers.

export type Role =
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'form'
  | 'heading'
  | 'img'
  | 'radio'
  | 'searchbox'
  | 'spinbutton'
  | 'status'
  | 'textbox';

/** An element by role and exact accessible name, by test id, or by CSS; `within` is a container's test id. */
export type Target = ({ role: Role; name: string } | { testId: string } | { css: string }) & { within?: string };

export interface JourneyPage {
  click(target: Target): Promise<void>;
  /** Replaces the text of a text box. */
  fill(target: Target, text: string): Promise<void>;
  check(target: Target): Promise<void>;
  select(target: Target, value: string): Promise<void>;
  /** Waits (bounded) until an element of the target contains the text or matches the pattern. */
  expectText(target: Target, expected: string | RegExp): Promise<void>;
  /** Waits (bounded) until the target's first element is enabled (or disabled). */
  expectEnabled(target: Target, enabled: boolean): Promise<void>;
  /** Waits (bounded) until exactly `count` elements match. */
  expectCount(target: Target, count: number): Promise<void>;
  /** Runs a function in the page (the extension's APIs are there as `chrome` or `browser`). */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export const byRole = (role: Role, name: string, within?: string): Target => ({ role, name, within });
export const byTestId = (testId: string, within?: string): Target => ({ testId, within });

/** The text test both drivers use: whitespace collapsed, a string contained or a pattern matched. */
export function textMatches(text: string | null, expected: string | RegExp): boolean {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return typeof expected === 'string' ? t.includes(expected) : expected.test(t);
}
