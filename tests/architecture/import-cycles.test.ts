// No import loop among the project's own files, type imports included: a newcomer can read any file
// knowing only what it imports.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('imports', () => {
  it("form no loop among the extension's, the simulator's, the scripts' and the benches' files (type imports count)", () => {
    const graph = importGraph(root, ['lib', 'components', 'entrypoints', 'sim', 'scripts', 'bench']);
    expect(graph.size).toBeGreaterThan(200);
    expect(importCycles(graph)).toEqual([]);
  });

  it('are all read: a type import, a re-export and a dynamic import each make a loop', () => {
    const graph = importGraph(root, ['tests/architecture/loop-sample']);
    expect(importCycles(graph)).toEqual([
      ['tests/architecture/loop-sample/a.ts', 'tests/architecture/loop-sample/b.ts'],
      ['tests/architecture/loop-sample/c.ts', 'tests/architecture/loop-sample/d.tsx'],
      ['tests/architecture/loop-sample/e.ts', 'tests/architecture/loop-sample/f.ts'],
    ]);
  });
});
