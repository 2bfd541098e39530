// The browser's message catalogue, for the fake browser (which has none): `browser.i18n.getMessage` reads the
// English catalogue (locales/en.yml, the default locale) as the built extension's _locales/en/messages.json
// would, so components under test show the words a user sees. A test may switch language with `useLocale`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateChromeMessages, parseMessagesText } from '@wxt-dev/i18n/build';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

const catalogues = new Map<string, Catalogue>();

function catalogue(locale: string): Catalogue {
  let found = catalogues.get(locale);
  if (!found) {
    const text = readFileSync(resolve(import.meta.dirname, `../../locales/${locale}.yml`), 'utf8');
    found = generateChromeMessages(parseMessagesText(text, 'YAML')) as Catalogue;
    catalogues.set(locale, found);
  }
  return found;
}

/** Chrome's getMessage: named placeholders first, then $1…$9 from the substitutions, `$$` a dollar sign. */
export function messageFrom(entry: Catalogue[string] | undefined, substitutions: string[] = []): string {
  if (!entry) return '';
  let text = entry.message;
  for (const [name, { content }] of Object.entries(entry.placeholders ?? {})) {
    text = text.replace(new RegExp(`\\$${name}\\$`, 'gi'), content);
  }
  return text.replace(/\$(\$|[1-9])/g, (_, d: string) => (d === '$' ? '$' : (substitutions[Number(d) - 1] ?? '')));
}

let locale = 'en';

/** Shows the extension in another of its languages for the rest of this test. */
export function useLocale(next: string): void {
  locale = next;
}

function install(): void {
  Object.assign(fakeBrowser.i18n, {
    getMessage: (key: string, subs?: string | string[]) =>
      messageFrom(catalogue(locale)[key], subs === undefined ? [] : Array.isArray(subs) ? subs : [subs]),
  });
}

install();
beforeEach(() => {
  locale = 'en';
  install();
});
