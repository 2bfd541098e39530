// The docs' map of the code matches the code: every folder docs/architecture.md's map names exists, with
// every folder and file its lines name beside it, every folder of lib/ and lib/background/ is in it, and
// every path of the project the README and docs/ name is there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The map's entries: the folder that starts a line of its "The folders" block, with the text that follows. */
function mapEntries(doc: string): { folder: string; text: string }[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith('The folders'));
  const block = section?.match(/```text\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('docs/architecture.md has no "The folders" section with a text block');
  const entries: { folder: string; text: string }[] = [];
  for (const line of block.split('\n')) {
    const start = line.match(/^(\S+\/)\s+(.*)$/);
    if (start) entries.push({ folder: start[1]!, text: start[2]! });
    else if (entries.length > 0) entries[entries.length - 1]!.text += ` ${line.trim()}`;
  }
  return entries;
}

/** The folders (`popup/`, `e2e/firefox/`) and source files (`late.ts`) a line of the map names. */
const namesIn = (text: string) =>
  [...text.matchAll(/(?<![\w./-])([\w.-]+(?:\/[\w.-]+)*(?:\/|\.tsx?))(?![\w/])/g)].map((m) => m[1]!);

/** Where a named folder or file is: in the entry's folder, one of its folders or its parent, or the root. */
function found(folder: string, name: string): boolean {
  if ([root, join(root, folder), join(root, folder, '..')].some((dir) => existsSync(join(dir, name)))) return true;
  return subfolders(folder).some((sub) => existsSync(join(root, sub, name)));
}

const subfolders = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((name) => statSync(join(root, dir, name)).isDirectory())
    .map((name) => `${dir.replace(/\/$/, '')}/${name}/`);

/** The project's own paths the README and docs/ name (generated folders aside). */
function pathsInDocs(): { doc: string; path: string }[] {
  const docs = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const top = 'lib|components|entrypoints|e2e|tests|sim|bench|scripts|docs|locales|public|assets';
  const path = new RegExp(`(?<![\\w./-])((?:${top})/[\\w./-]*[\\w/])`, 'g');
  return docs.flatMap((doc) =>
    [...read(doc).matchAll(path)]
      .map((m) => ({ doc, path: m[1]! }))
      .filter((p) => !p.path.startsWith('bench/results/')),
  );
}

describe('docs/architecture.md', () => {
  const map = mapEntries(read('docs/architecture.md'));

  it('names only folders that exist', () => {
    expect(map.length).toBeGreaterThan(20);
    expect(map.map((e) => e.folder).filter((folder) => !existsSync(join(root, folder)))).toEqual([]);
  });

  it('names, beside each folder, only folders and files that exist', () => {
    const names = map.flatMap((e) => namesIn(e.text).map((name) => ({ folder: e.folder, name })));
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((n) => !found(n.folder, n.name))).toEqual([]);
  });

  it('names every folder of lib/ and lib/background/', () => {
    const folders = map.map((e) => e.folder);
    const code = [...subfolders('lib'), ...subfolders('lib/background')];
    expect(code.filter((folder) => !folders.includes(folder))).toEqual([]);
  });
});

describe('the README and docs/', () => {
  it('name only paths of the project that exist', () => {
    const paths = pathsInDocs();
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !existsSync(join(root, p.path)))).toEqual([]);
  });
});
