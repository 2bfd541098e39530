// Writes the stores' listing text, one file a language, from the message catalogues: `npm run release` runs it
// after the zips. Usage: tsx scripts/store-listing.ts [out-dir] (default .output/store-listing).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseMessagesText } from '@wxt-dev/i18n/build';
import { listingOf, listingText } from '../lib/release/store-listing';

const ROOT = resolve(import.meta.dirname, '..');

export function writeStoreListings(outDir: string, localesDir = join(ROOT, 'locales')): string[] {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const file of readdirSync(localesDir).sort()) {
    const language = /^(.+)\.ya?ml$/.exec(file)?.[1];
    if (!language) continue;
    const parsed = parseMessagesText(readFileSync(join(localesDir, file), 'utf8'), 'YAML');
    const messages = new Map(
      parsed.flatMap((m) => (m.type === 'simple' ? [[m.key.join('.'), m.message] as const] : [])),
    );
    const path = join(outDir, `${language}.txt`);
    writeFileSync(path, listingText(listingOf(language, messages)));
    written.push(path);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const out = resolve(process.argv[2] ?? join(ROOT, '.output', 'store-listing'));
  for (const path of writeStoreListings(out)) console.log(path);
}
