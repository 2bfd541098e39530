// The journeys' driver (e2e/journeys/driver.ts) on a Playwright page, for the Chromium suite.
import { expect, type Locator, type Page } from '@playwright/test';
import { type JourneyPage, type Target, textMatches } from './driver';

export function playwrightPage(page: Page): JourneyPage {
  const locate = (target: Target): Locator => {
    const root = target.within ? page.getByTestId(target.within) : page;
    if ('role' in target) return root.getByRole(target.role, { name: target.name, exact: true });
    if ('testId' in target) return root.getByTestId(target.testId);
    return root.locator(target.css);
  };
  return {
    click: (target) => locate(target).click(),
    fill: (target, text) => locate(target).fill(text),
    check: (target) => locate(target).check(),
    select: async (target, value) => {
      await locate(target).selectOption(value);
    },
    expectText: async (target, expected) => {
      const texts = () => locate(target).allTextContents();
      await expect
        .poll(async () => (await texts()).some((t) => textMatches(t, expected)), {
          message: `${String(locate(target))} shows ${String(expected)}`,
        })
        .toBe(true);
    },
    expectEnabled: async (target, enabled) => {
      if (enabled) await expect(locate(target).first()).toBeEnabled();
      else await expect(locate(target).first()).toBeDisabled();
    },
    expectCount: (target, count) => expect(locate(target)).toHaveCount(count),
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown),
  };
}
