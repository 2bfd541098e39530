// The message catalogues (locales/*.yml, built into _locales/ by @wxt-dev/i18n): every language holds every
// key English holds, with the same {names} filled in and plural forms where English has them; every key is
// used somewhere; the pages' code holds no user-visible words of its own (tests/i18n/literals.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseMessagesText } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';
import { userVisibleLiterals } from './literals';

const ROOT = resolve(import.meta.dirname, '../..');
const LOCALES = join(ROOT, 'locales');

/**
 * Pages allowed words of their own while they wait to move into the catalogue: none since every page moved
 * (issue 25). The list only shrinks: a file that is clean must leave it, and no other file may hold words.
 */
const NOT_YET_TRANSLATED = new Set<string>();

interface Entry {
  names: string[];
  plural: boolean;
}

function catalogue(file: string): Map<string, Entry> {
  const messages = parseMessagesText(readFileSync(join(LOCALES, file), 'utf8'), 'YAML');
  return new Map(
    messages
      .filter((m) => !m.key[0]?.startsWith('@@'))
      .map((m) => [m.key.join('.'), { names: [...m.namedSubstitutions].sort(), plural: m.type === 'plural' }]),
  );
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path, ext);
    return ext.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const english = catalogue('en.yml');
const others = readdirSync(LOCALES).filter((f) => /\.ya?ml$/.test(f) && f !== 'en.yml');
const sources = [
  ...['lib', 'components', 'entrypoints'].flatMap((d) => filesUnder(d, /\.(ts|tsx|html)$/)),
  'wxt.config.ts',
];
const code = sources.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');

describe('message catalogues', () => {
  it('offers English, German, French, Spanish and Italian', () => {
    expect(others.sort()).toEqual(['de.yml', 'es.yml', 'fr.yml', 'it.yml']);
  });

  for (const file of others) {
    it(`${file} holds every key of en.yml, no other, with the same names to fill in and plural forms`, () => {
      const theirs = catalogue(file);
      expect(
        [...english.keys()].filter((k) => !theirs.has(k)),
        'missing keys',
      ).toEqual([]);
      expect(
        [...theirs.keys()].filter((k) => !english.has(k)),
        'keys English does not have',
      ).toEqual([]);
      const differing = [...english].filter(([k, e]) => JSON.stringify(theirs.get(k)) !== JSON.stringify(e));
      expect(
        differing.map(([k, e]) => `${k}: ${JSON.stringify(e)} vs ${JSON.stringify(theirs.get(k))}`),
        'substitutions or plural forms that differ',
      ).toEqual([]);
    });
  }

  it('has every key used by the code or the manifest', () => {
    const unused = [...english.keys()].filter(
      (k) => !code.includes(`'${k}'`) && !code.includes(`__MSG_${k.replaceAll('.', '_')}__`),
    );
    expect(unused).toEqual([]);
  });

  it('has every key the code asks for', () => {
    const asked = [...code.matchAll(/i18n\.t\(\s*'([\w.]+)'/g)].map((m) => m[1] as string);
    const manifest = [...code.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1] as string);
    const flat = new Set([...english.keys()].map((k) => k.replaceAll('.', '_')));
    expect(asked.filter((k) => !english.has(k))).toEqual([]);
    expect(manifest.filter((k) => !flat.has(k))).toEqual([]);
  });
});

describe('pages', () => {
  const pages = ['components', 'entrypoints']
    .flatMap((d) => filesUnder(d, /\.tsx$/))
    .map((f) => relative(ROOT, join(ROOT, f)));

  it('hold no words of their own: every word a user sees comes from the catalogue', () => {
    const found = pages
      .filter((f) => !NOT_YET_TRANSLATED.has(f))
      .flatMap((f) => userVisibleLiterals(readFileSync(join(ROOT, f), 'utf8')).map((l) => `${f}:${l.line} ${l.text}`));
    expect(found).toEqual([]);
  });

  it('leave the list of pages not yet translated once they are', () => {
    const clean = [...NOT_YET_TRANSLATED].filter(
      (f) => !pages.includes(f) || userVisibleLiterals(readFileSync(join(ROOT, f), 'utf8')).length === 0,
    );
    expect(clean).toEqual([]);
  });
});
