// Above a list's rows: the filter by flag, the columns shown and their order, and the list's sections.
// Everything here is kept in this browser only (lib/watchlists/marks.ts).
import { useState } from 'preact/hooks';
import { COLUMN_DEFS, type ColumnId, columnIds } from '../../lib/watchlists/columns';
import { FLAG_NAMES } from '../../lib/watchlists/flag-names';
import {
  addSection,
  FLAG_COLOURS,
  type FlagColour,
  type ListLayout,
  moveColumn,
  removeSection,
  shownColumns,
  toggleColumn,
} from '../../lib/watchlists/marks';

const text = {
  filter: 'Show',
  allFlags: 'All markets',
  flagged: (name: string) => `${name} flags`,
  columns: 'Columns',
  sections: 'Sections',
  earlier: (label: string) => `Move ${label} earlier`,
  later: (label: string) => `Move ${label} later`,
  sectionName: 'New section name',
  add: 'Add section',
  taken: 'Give the section a name no other section of this list has.',
  removeSection: (name: string) => `Remove section ${name}`,
  keys: 'On a market: F flags it (again for the next colour), [ and ] move it between sections.',
};

interface Props {
  layout: ListLayout;
  filter: FlagColour | null;
  onFilter(flag: FlagColour | null): void;
  onLayout(next: ListLayout): void;
}

export function WatchlistMarksBar({ layout, filter, onFilter, onLayout }: Props) {
  const [open, setOpen] = useState<'columns' | 'sections' | null>(null);
  const [name, setName] = useState('');
  const [refused, setRefused] = useState(false);
  const shown = shownColumns(layout);
  const order: ColumnId[] = [...shown, ...columnIds.filter((c) => !shown.includes(c))];

  const add = (e: Event) => {
    e.preventDefault();
    const next = addSection(layout, name, `s${Date.now().toString(36)}`);
    setRefused(next === null);
    if (!next) return;
    onLayout(next);
    setName('');
  };

  return (
    <div class="wl-marks">
      <div class="wl-tools__row">
        <label>
          {text.filter}{' '}
          <select
            data-testid="flag-filter"
            value={filter ?? ''}
            onChange={(e) => onFilter((e.currentTarget.value || null) as FlagColour | null)}
          >
            <option value="">{text.allFlags}</option>
            {FLAG_COLOURS.map((c) => (
              <option key={c} value={c}>
                {text.flagged(FLAG_NAMES[c])}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          aria-expanded={open === 'columns'}
          onClick={() => setOpen(open === 'columns' ? null : 'columns')}
        >
          {text.columns}
        </button>
        <button
          type="button"
          aria-expanded={open === 'sections'}
          onClick={() => setOpen(open === 'sections' ? null : 'sections')}
        >
          {text.sections}
        </button>
      </div>
      {open === 'columns' && (
        <fieldset class="wl-columns">
          <legend class="visually-hidden">{text.columns}</legend>
          {order.map((id) => {
            const def = COLUMN_DEFS[id];
            const on = shown.includes(id);
            const at = shown.indexOf(id);
            return (
              <div key={id} class="wl-columns__item">
                <label class="check">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={(e) => onLayout(toggleColumn(layout, id, e.currentTarget.checked))}
                  />
                  {def.label}
                </label>
                {on && (
                  <span>
                    <button
                      type="button"
                      class="icon"
                      aria-label={text.earlier(def.label)}
                      disabled={at === 0}
                      onClick={() => onLayout(moveColumn(layout, id, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      class="icon"
                      aria-label={text.later(def.label)}
                      disabled={at === shown.length - 1}
                      onClick={() => onLayout(moveColumn(layout, id, 1))}
                    >
                      ↓
                    </button>
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {open === 'sections' && (
        <div class="wl-sections">
          <form class="wl-tools__row" onSubmit={add}>
            <input
              type="text"
              aria-label={text.sectionName}
              aria-invalid={refused}
              maxLength={40}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
            <button type="submit" disabled={name.trim() === ''}>
              {text.add}
            </button>
          </form>
          {refused && (
            <p class="muted" role="alert">
              {text.taken}
            </p>
          )}
          <ul class="plain-list">
            {layout.sections.map((s) => (
              <li key={s.id}>
                {s.name}{' '}
                <button
                  type="button"
                  class="icon"
                  aria-label={text.removeSection(s.name)}
                  onClick={() => onLayout(removeSection(layout, s.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <p class="muted small">{text.keys}</p>
        </div>
      )}
    </div>
  );
}
