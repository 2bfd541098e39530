// Flags, notes, sections and chosen columns: what a trader adds to a list is kept as made, a market removed
// on IG's platform quietly leaves its section, and a stored or imported value that does not fit is cleaned,
// never trusted.
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS } from '../../lib/watchlists/columns';
import {
  addSection,
  displayItems,
  emptyLayout,
  emptyMarks,
  FLAG_COLOURS,
  mergeMarks,
  migrateMarks,
  moveColumn,
  moveToSection,
  NOTE_MAX,
  nextFlag,
  pruneLayout,
  removeSection,
  sectionOf,
  stepSection,
  toggleColumn,
  withFlag,
  withNote,
} from '../../lib/watchlists/marks';

const rows = ['A', 'B', 'C', 'D'].map((epic) => ({ epic }));
const epics = (items: ReturnType<typeof displayItems<{ epic: string }>>) =>
  items.map((i) => (i.kind === 'row' ? i.row.epic : `[${i.section.name}]`));

function twoSections() {
  const withMajors = addSection(emptyLayout, ' Majors ', 's1')!;
  const withBoth = addSection(withMajors, 'Indices', 's2')!;
  return moveToSection(moveToSection(withBoth, 'C', 's1'), 'A', 's2');
}

describe('flags', () => {
  it('offers at least six colours and a key press cycles through all of them back to none', () => {
    expect(FLAG_COLOURS.length).toBeGreaterThanOrEqual(6);
    const seen: (string | null)[] = [];
    let flag = nextFlag(null);
    while (flag) {
      seen.push(flag);
      flag = nextFlag(flag);
    }
    expect(seen).toEqual([...FLAG_COLOURS]);
  });

  it('sets and clears a flag on a market', () => {
    const red = withFlag(emptyMarks, 'A', 'red');
    expect(red.flags).toEqual({ A: 'red' });
    expect(withFlag(red, 'A', null).flags).toEqual({});
  });

  it('filters the shown rows by flag, keeping sections so markets can still move under them', () => {
    const flags = { B: 'blue' as const, C: 'blue' as const, D: 'red' as const };
    expect(epics(displayItems(rows, emptyLayout, flags, 'blue'))).toEqual(['B', 'C']);
    expect(epics(displayItems(rows, twoSections(), flags, 'red'))).toEqual(['D', '[Majors]', '[Indices]']);
  });
});

describe('notes', () => {
  it('keeps a short note trimmed, cuts a long one and removes an empty one', () => {
    expect(withNote(emptyMarks, 'A', '  watch the open  ').notes).toEqual({ A: 'watch the open' });
    expect(withNote(emptyMarks, 'A', 'x'.repeat(NOTE_MAX + 50)).notes.A).toHaveLength(NOTE_MAX);
    expect(withNote(withNote(emptyMarks, 'A', 'hi'), 'A', '   ').notes).toEqual({});
  });
});

describe('sections', () => {
  it('shows markets outside every section first, then each section under its name, each in the sort order', () => {
    expect(epics(displayItems(rows, twoSections(), {}, null))).toEqual(['B', 'D', '[Majors]', 'C', '[Indices]', 'A']);
  });

  it('refuses an empty or taken section name', () => {
    expect(addSection(emptyLayout, '   ', 's1')).toBeNull();
    expect(addSection(twoSections(), 'majors', 's3')).toBeNull();
  });

  it('moves a market between sections, and a key steps it to the next or previous one', () => {
    const layout = twoSections();
    expect(sectionOf(layout, 'B')).toBeNull();
    expect(stepSection(layout, 'B', 1)).toBe('s1');
    expect(stepSection(layout, 'B', -1)).toBeNull();
    expect(stepSection(layout, 'C', 1)).toBe('s2');
    expect(stepSection(layout, 'C', -1)).toBe('');
    const moved = moveToSection(layout, 'C', 's2');
    expect(moved.sections.map((s) => s.epics)).toEqual([[], ['A', 'C']]);
    expect(sectionOf(moveToSection(moved, 'C', null), 'C')).toBeNull();
  });

  it('a market removed from the list on IG leaves its section quietly; the section stays', () => {
    const pruned = pruneLayout(twoSections(), ['B', 'C', 'D']);
    expect(pruned.sections.map((s) => [s.name, s.epics])).toEqual([
      ['Majors', ['C']],
      ['Indices', []],
    ]);
    const same = twoSections();
    expect(pruneLayout(same, ['A', 'B', 'C', 'D'])).toBe(same);
  });

  it('removing a section leaves its markets in the list', () => {
    expect(epics(displayItems(rows, removeSection(twoSections(), 's1'), {}, null))).toEqual([
      'B',
      'C',
      'D',
      '[Indices]',
      'A',
    ]);
  });
});

describe('columns', () => {
  it("a list nobody chose for shows today's columns; shown columns are added, removed and reordered", () => {
    const added = toggleColumn(emptyLayout, 'spread', true);
    expect(added.columns).toEqual([...DEFAULT_COLUMNS, 'spread']);
    const hidden = toggleColumn(added, 'sentiment', false);
    expect(hidden.columns).not.toContain('sentiment');
    const earlier = moveColumn(hidden, 'spread', -1);
    expect(earlier.columns!.slice(-2)).toEqual(['spread', 'spark']);
    expect(moveColumn(earlier, 'bid', -1)).toBe(earlier);
  });
});

describe('stored and imported values', () => {
  it('keep every entry that fits and drop the rest', () => {
    const raw = {
      flags: { A: 'red', B: 'pink', C: 7 },
      notes: { A: ' note ', B: '', C: 3 },
      lists: {
        L1: {
          columns: ['spread', 'nonsense', 'bid', 'bid'],
          sections: [
            { id: 's1', name: 'Majors', epics: ['A', 'B', 5] },
            { id: 's2', name: 'Again', epics: ['A', 'C'] },
            { id: 's1', name: 'Duplicate id', epics: [] },
            { id: 's3', name: '   ', epics: [] },
            'junk',
          ],
        },
        L2: 'junk',
      },
    };
    expect(migrateMarks(raw)).toEqual({
      flags: { A: 'red' },
      notes: { A: 'note' },
      lists: {
        L1: {
          columns: ['spread', 'bid'],
          sections: [
            { id: 's1', name: 'Majors', epics: ['A', 'B'] },
            { id: 's2', name: 'Again', epics: ['C'] },
          ],
        },
      },
    });
    expect(migrateMarks(null)).toEqual(emptyMarks);
    expect(migrateMarks([1, 2])).toEqual(emptyMarks);
  });

  it("an imported file's flags, notes and lists replace those of the same markets and lists, the rest kept", () => {
    const mine = withNote(withFlag(withFlag(emptyMarks, 'A', 'red'), 'B', 'green'), 'B', 'mine');
    const file = withNote(withFlag(emptyMarks, 'A', 'blue'), 'C', 'theirs');
    const merged = mergeMarks(mine, file);
    expect(merged.flags).toEqual({ A: 'blue', B: 'green' });
    expect(merged.notes).toEqual({ B: 'mine', C: 'theirs' });
  });
});
