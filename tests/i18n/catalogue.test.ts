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

describe('words made outside the pages', () => {
  // The parts of lib whose words reach a page as they are (a check's reason, a quote's lines, a refusal), and the
  // pages' own helpers: a quoted sentence there is English a German trader would read. lib/api's requests and
  // the stream's plumbing write English for logs; what of it a page shows is mapped in
  // lib/background/routing/error-view.ts. 0.1.0's English answer is read, not shown.
  const dirs = ['lib/options', 'lib/dealing', 'lib/alerts', 'lib/csv', 'lib/format', 'lib/watchlists', 'lib/popup'];
  const files = [
    ...dirs.flatMap((d) => filesUnder(d, /\.ts$/)),
    ...['lib/sidepanel', 'lib/history', 'lib/release', 'components', 'entrypoints'].flatMap((d) =>
      filesUnder(d, /\.ts$/),
    ),
  ];
  const READ_NOT_SHOWN = new Set(["lib/release/stale-worker.ts 'Unknown message'"]);

  it('hold no quoted sentence of their own', () => {
    const found = files.flatMap((f) =>
      userVisibleLiterals(readFileSync(join(ROOT, f), 'utf8'))
        .filter((l) => /^['`]/.test(l.text))
        .map((l) => `${f} ${l.text}`)
        .filter((l) => !READ_NOT_SHOWN.has(l)),
    );
    expect(found).toEqual([]);
  });
});
