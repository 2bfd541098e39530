// The languages the extension speaks, read from the project's catalogues (`locales/<lang>.yml|json`, as
// @wxt-dev/i18n reads them) and from the built `_locales/<lang>/` folders: the store journeys run once in
// each. English alone while there are none.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, ROOT } from './launch';

export function storeLanguages(root = ROOT, built = EXTENSION_DIR): string[] {
  const found = new Set<string>();
  const catalogues = join(root, 'locales');
  if (existsSync(catalogues))
    for (const file of readdirSync(catalogues)) {
      const lang = /^([A-Za-z]{2,3}(?:[_-][A-Za-z0-9]+)?)\.(ya?ml|json5?|toml)$/.exec(file)?.[1];
      if (lang) found.add(lang.replace('-', '_'));
    }
  const locales = join(built, '_locales');
  if (existsSync(locales))
    for (const dir of readdirSync(locales, { withFileTypes: true })) if (dir.isDirectory()) found.add(dir.name);
  if (found.size === 0) found.add('en');
  return [...found].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
}
