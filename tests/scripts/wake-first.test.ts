// The worker's build names first the parts a woken worker loads at once (and the parts they import), since
// Chromium hands a starting worker its installed scripts in the order of their URLs.
import { describe, expect, it } from 'vitest';
import { wakeFirst } from '../../scripts/background-parts';

function bundle() {
  return [
    {
      type: 'chunk' as const,
      fileName: 'background.js',
      isEntry: true,
      code: 'require(["./background-parts/live-stream-A1.js"]);require(["./background-parts/dealing-B2.js"]);',
      imports: [],
    },
    {
      type: 'chunk' as const,
      fileName: 'background-parts/live-stream-A1.js',
      facadeModuleId: '/repo/lib/background/stream/live-stream.ts',
      code: 'define(["require","exports","../background.js","./merge-C3.js"],function(){});\n//# sourceMappingURL=live-stream-A1.js.map',
      imports: ['background.js', 'background-parts/merge-C3.js'],
    },
    {
      type: 'chunk' as const,
      fileName: 'background-parts/merge-C3.js',
      facadeModuleId: '/repo/lib/cache/history-merge.ts',
      code: 'define(["require","exports"],function(){});',
      imports: [],
    },
    {
      type: 'chunk' as const,
      fileName: 'background-parts/dealing-B2.js',
      facadeModuleId: '/repo/lib/background/dealing/part.ts',
      code: 'define(["require","exports","../background.js","./merge-C3.js"],function(){});',
      imports: ['background.js', 'background-parts/merge-C3.js'],
    },
    {
      type: 'asset' as const,
      fileName: 'background-parts/live-stream-A1.js.map',
      source: '{"file":"live-stream-A1.js"}',
    },
  ];
}

describe('parts a woken worker loads at once', () => {
  it('are named first, with the parts they import, and every reference follows', () => {
    const files = bundle();
    const renamed = wakeFirst(files, ['lib/background/stream/live-stream.ts']);
    expect([...renamed.values()].sort()).toEqual([
      'background-parts/0-live-stream-A1.js',
      'background-parts/0-live-stream-A1.js.map',
      'background-parts/0-merge-C3.js',
    ]);
    expect(files.map((f) => f.fileName)).toEqual([
      'background.js',
      'background-parts/0-live-stream-A1.js',
      'background-parts/0-merge-C3.js',
      'background-parts/dealing-B2.js',
      'background-parts/0-live-stream-A1.js.map',
    ]);
    expect(files[0]?.code).toContain('"./background-parts/0-live-stream-A1.js"');
    expect(files[0]?.code).toContain('"./background-parts/dealing-B2.js"');
    expect(files[1]?.code).toContain('"./0-merge-C3.js"');
    expect(files[1]?.code).toContain('sourceMappingURL=0-live-stream-A1.js.map');
    expect(files[3]?.code).toContain('"./0-merge-C3.js"');
    expect(files[4]?.source).toBe('{"file":"0-live-stream-A1.js"}');
    // Sorted as Chromium sends them, the parts it needs at once come before the others.
    const parts = files.filter((f) => f.type === 'chunk' && !f.isEntry).map((f) => f.fileName);
    expect(parts.sort().slice(0, 2)).toEqual([
      'background-parts/0-live-stream-A1.js',
      'background-parts/0-merge-C3.js',
    ]);
  });

  it('leave the build as it is when none is named', () => {
    const files = bundle();
    expect(wakeFirst(files, []).size).toBe(0);
    expect(files).toEqual(bundle());
  });
});
