// Steps several journeys share, taken the way a user takes them.
import type { Page } from '@playwright/test';
import { expect } from './harness';

/**
 * Grants the demo dealing permit in the settings (Check, then the permit's confirmation); returns the
 * options page. `whileAsked` runs while the confirmation is on screen.
 */
export async function grantDemoPermit(
  openPage: (path: string) => Promise<Page>,
  whileAsked?: (options: Page) => Promise<void>,
): Promise<Page> {
  const options = await openPage('options.html');
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-active-account')).toHaveText('SIMCFD1');
  const permit = options.getByTestId('options-permit-dealing');
  await permit.getByRole('button', { name: 'Turn on dealing permit…' }).click();
  await expect(permit.getByText('What this permit allows:')).toBeVisible();
  const grant = permit.getByRole('button', { name: 'Grant dealing permit' });
  await expect(grant).toBeDisabled();
  await whileAsked?.(options);
  await permit.getByRole('checkbox', { name: /I understand/ }).check();
  await grant.click();
  await expect(permit.getByRole('status')).toContainText('On for account SIMCFD1');
  await expect(options.getByTestId('dealing-permit-badge')).toContainText('Dealing permitted');
  return options;
}
