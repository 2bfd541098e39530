// What a trader adds to IG's watchlists that IG has nowhere to keep: a colour flag and a short note per
// market, and per list the sections markets sit under and the columns shown. Kept in storage.local only
// (lib/settings/registry.ts `watchlistMarks`), in the settings file, never sent to IG. Pure.
import { type ColumnId, columnIds, DEFAULT_COLUMNS } from './columns';

import { FLAG_COLOURS, type FlagColour, flagsOf } from './flag-colours';

export { FLAG_COLOURS, type FlagColour } from './flag-colours';
export const NOTE_MAX = 280;
export const SECTION_NAME_MAX = 40;

export interface Section {
  id: string;
  name: string;
  /** The markets under it, in the order they were moved there. */
  epics: string[];
}

export interface ListLayout {
  /** The columns shown after the market's name, in order; null: today's default columns. */
  columns: ColumnId[] | null;
  sections: Section[];
}

export interface WatchlistMarks {
  flags: Record<string, FlagColour>;
  notes: Record<string, string>;
  /** By watchlist id. */
  lists: Record<string, ListLayout>;
}

export const emptyMarks: WatchlistMarks = { flags: {}, notes: {}, lists: {} };
export const emptyLayout: ListLayout = { columns: null, sections: [] };

type Loose = Record<string, unknown>;
const isObject = (x: unknown): x is Loose => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A stored or imported value in the current shape: entries that do not fit are dropped, the rest kept. */
export function migrateMarks(old: unknown): WatchlistMarks {
  const o = isObject(old) ? old : {};
  const flags = flagsOf(o);
  const notes: Record<string, string> = {};
  if (isObject(o.notes))
    for (const [epic, n] of Object.entries(o.notes)) {
      const note = typeof n === 'string' ? cleanNote(n) : '';
      if (epic && note) notes[epic] = note;
    }
  const lists: Record<string, ListLayout> = {};
  if (isObject(o.lists))
    for (const [id, l] of Object.entries(o.lists)) {
      if (!id || !isObject(l)) continue;
      const columns = Array.isArray(l.columns)
        ? [...new Set(l.columns.filter((c): c is ColumnId => columnIds.includes(c as ColumnId)))]
        : null;
      const seen = new Set<string>();
      const sections: Section[] = [];
      for (const s of Array.isArray(l.sections) ? l.sections : []) {
        if (!isObject(s) || typeof s.id !== 'string' || !s.id || typeof s.name !== 'string') continue;
        const name = cleanName(s.name);
        if (!name || sections.some((x) => x.id === s.id)) continue;
        const epics = (Array.isArray(s.epics) ? s.epics : []).filter(
          (e): e is string => typeof e === 'string' && e !== '' && !seen.has(e),
        );
        for (const e of epics) seen.add(e);
        sections.push({ id: s.id, name, epics });
      }
      lists[id] = { columns, sections };
    }
  return { flags, notes, lists };
}

export const cleanNote = (text: string) => text.trim().slice(0, NOTE_MAX);
const cleanName = (text: string) => text.trim().replace(/\s+/g, ' ').slice(0, SECTION_NAME_MAX);

/** The flag after `current` when flagging by key: through every colour, then none. */
export function nextFlag(current: FlagColour | null): FlagColour | null {
  if (current === null) return FLAG_COLOURS[0];
  const i = FLAG_COLOURS.indexOf(current);
  return i === FLAG_COLOURS.length - 1 ? null : FLAG_COLOURS[i + 1]!;
}

export function withFlag(marks: WatchlistMarks, epic: string, flag: FlagColour | null): WatchlistMarks {
  const flags = { ...marks.flags };
  if (flag) flags[epic] = flag;
  else delete flags[epic];
  return { ...marks, flags };
}

export function withNote(marks: WatchlistMarks, epic: string, text: string): WatchlistMarks {
  const notes = { ...marks.notes };
  const note = cleanNote(text);
  if (note) notes[epic] = note;
  else delete notes[epic];
  return { ...marks, notes };
}

export const layoutOf = (marks: WatchlistMarks, listId: string): ListLayout => marks.lists[listId] ?? emptyLayout;

export function withLayout(marks: WatchlistMarks, listId: string, layout: ListLayout): WatchlistMarks {
  return { ...marks, lists: { ...marks.lists, [listId]: layout } };
}

/** The columns a list shows, in order. */
export const shownColumns = (layout: ListLayout): ColumnId[] => layout.columns ?? DEFAULT_COLUMNS;

/** Shows or hides a column; a shown column keeps its place, a new one goes last. */
export function toggleColumn(layout: ListLayout, column: ColumnId, on: boolean): ListLayout {
  const current = shownColumns(layout);
  const columns = on
    ? current.includes(column)
      ? current
      : [...current, column]
    : current.filter((c) => c !== column);
  return { ...layout, columns };
}

/** Moves a shown column one place earlier (-1) or later (+1). */
export function moveColumn(layout: ListLayout, column: ColumnId, step: -1 | 1): ListLayout {
  const columns = [...shownColumns(layout)];
  const i = columns.indexOf(column);
  const j = i + step;
  if (i < 0 || j < 0 || j >= columns.length) return layout;
  [columns[i], columns[j]] = [columns[j]!, columns[i]!];
  return { ...layout, columns };
}

/** A new empty section at the end; an empty or taken name is refused (null). */
export function addSection(layout: ListLayout, name: string, id: string): ListLayout | null {
  const clean = cleanName(name);
  if (!clean || layout.sections.some((s) => s.name.toLowerCase() === clean.toLowerCase())) return null;
  return { ...layout, sections: [...layout.sections, { id, name: clean, epics: [] }] };
}

/** Removing a section leaves its markets in the list, outside any section. */
export function removeSection(layout: ListLayout, id: string): ListLayout {
  return { ...layout, sections: layout.sections.filter((s) => s.id !== id) };
}

export const sectionOf = (layout: ListLayout, epic: string): Section | null =>
  layout.sections.find((s) => s.epics.includes(epic)) ?? null;

/** Puts a market under a section (null: outside every section). */
export function moveToSection(layout: ListLayout, epic: string, sectionId: string | null): ListLayout {
  return {
    ...layout,
    sections: layout.sections.map((s) => {
      const without = s.epics.filter((e) => e !== epic);
      return s.id === sectionId
        ? { ...s, epics: [...without, epic] }
        : without.length === s.epics.length
          ? s
          : { ...s, epics: without };
    }),
  };
}

/**
 * The section a market moves to by key: the one after (+1) or before (-1) its own, in the order shown
 * (outside every section first); null when there is none that way. Returns the target's id or '' for outside.
 */
export function stepSection(layout: ListLayout, epic: string, step: -1 | 1): string | null {
  const order = ['', ...layout.sections.map((s) => s.id)];
  const here = order.indexOf(sectionOf(layout, epic)?.id ?? '');
  const next = order[here + step];
  return next === undefined ? null : next;
}

/** The layout with markets no longer in the list (removed on IG's platform too) left out of their sections. */
export function pruneLayout(layout: ListLayout, epics: Iterable<string>): ListLayout {
  const present = new Set(epics);
  let changed = false;
  const sections = layout.sections.map((s) => {
    const kept = s.epics.filter((e) => present.has(e));
    if (kept.length === s.epics.length) return s;
    changed = true;
    return { ...s, epics: kept };
  });
  return changed ? { ...layout, sections } : layout;
}

export type DisplayItem<R> = { kind: 'section'; section: Section; count: number } | { kind: 'row'; row: R };

/**
 * What the table shows, in order: the markets outside every section, then each section's separator and its
 * markets, each group in the sort order of `sorted`. With a flag filter only markets of that flag are shown
 * (sections stay, so a market can still be moved under an empty one).
 */
export function displayItems<R extends { epic: string }>(
  sorted: R[],
  layout: ListLayout,
  flags: Record<string, FlagColour>,
  filter: FlagColour | null,
): DisplayItem<R>[] {
  const shown = filter ? sorted.filter((r) => flags[r.epic] === filter) : sorted;
  if (layout.sections.length === 0) return shown.map((row) => ({ kind: 'row', row }));
  const home = new Map<string, string>();
  for (const s of layout.sections) for (const e of s.epics) home.set(e, s.id);
  const groups = new Map<string, R[]>([['', []], ...layout.sections.map((s) => [s.id, []] as [string, R[]])]);
  for (const r of shown) groups.get(home.get(r.epic) ?? '')!.push(r);
  const items: DisplayItem<R>[] = groups.get('')!.map((row) => ({ kind: 'row', row }));
  for (const s of layout.sections) {
    const rows = groups.get(s.id)!;
    items.push({ kind: 'section', section: s, count: rows.length });
    for (const row of rows) items.push({ kind: 'row', row });
  }
  return items;
}

/** Importing a settings file: its flags, notes and list layouts take the place of the ones held for the same markets and lists. */
export function mergeMarks(current: WatchlistMarks, incoming: WatchlistMarks): WatchlistMarks {
  return {
    flags: { ...current.flags, ...incoming.flags },
    notes: { ...current.notes, ...incoming.notes },
    lists: { ...current.lists, ...incoming.lists },
  };
}
