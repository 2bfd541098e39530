// docs/architecture.md's map of the folders matches the code: every folder it names exists, and every
// folder of lib/ and lib/background/ is in it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The folders the map names: the first word of each line of its "The folders" block, ending in '/'. */
function mappedFolders(doc: string): string[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith('The folders'));
  const block = section?.match(/```text\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('docs/architecture.md has no "The folders" section with a text block');
  return block
    .split('\n')
    .map((line) => line.match(/^(\S+\/)\s/)?.[1])
    .filter((folder): folder is string => folder !== undefined);
}

const subfolders = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((name) => statSync(join(root, dir, name)).isDirectory())
    .map((name) => `${dir}/${name}/`);

describe('docs/architecture.md', () => {
  const map = mappedFolders(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));

  it('names only folders that exist', () => {
    expect(map.length).toBeGreaterThan(20);
    expect(map.filter((folder) => !existsSync(join(root, folder)))).toEqual([]);
  });

  it('names every folder of lib/ and lib/background/', () => {
    const code = [...subfolders('lib'), ...subfolders('lib/background')];
    expect(code.filter((folder) => !map.includes(folder))).toEqual([]);
  });
});
