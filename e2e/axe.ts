// axe over one of the extension's pages. Axe's default mode runs in each frame and then opens a blank page
// to join the frames' results, a new renderer for every check (about two thirds of a check's time here);
// the extension's pages have no frames, so axe runs in the page itself and finds the same (checked: the
// same violations and passes on the side panel both ways). Passing and inapplicable rules come back with
// one node each, which keeps it quick.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
