// Before the Firefox journeys: one profile Firefox has started in, which each journey's launch copies
// (FIREFOX_TEMPLATE_ENV in e2e/launch-firefox.ts); removed when they are done.
import { rmSync } from 'node:fs';
import { FIREFOX_TEMPLATE_ENV, makeFirefoxTemplate } from '../launch-firefox';

export default async function globalSetup(): Promise<() => void> {
  const template = await makeFirefoxTemplate();
  process.env[FIREFOX_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
