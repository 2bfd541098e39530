// Above a list's rows: the filter by flag, the columns shown and their order, and the list's sections.
// Everything here is kept in this browser only (lib/watchlists/marks.ts).
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { COLUMN_DEFS, type ColumnId, columnIds } from '../../lib/watchlists/columns';
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
import { flagName } from '../FlagMark';

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
          {i18n.t('marks.filter')}{' '}
          <select
            data-testid="flag-filter"
            value={filter ?? ''}
            onChange={(e) => onFilter((e.currentTarget.value || null) as FlagColour | null)}
          >
            <option value="">{i18n.t('marks.allFlags')}</option>
            {FLAG_COLOURS.map((c) => (
              <option key={c} value={c}>
                {i18n.t('marks.flagged', { colour: flagName(c) })}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          aria-expanded={open === 'columns'}
          onClick={() => setOpen(open === 'columns' ? null : 'columns')}
        >
          {i18n.t('marks.columns')}
        </button>
        <button
          type="button"
          aria-expanded={open === 'sections'}
          onClick={() => setOpen(open === 'sections' ? null : 'sections')}
        >
          {i18n.t('marks.sections')}
        </button>
      </div>
      {open === 'columns' && (
        <fieldset class="wl-columns">
          <legend class="visually-hidden">{i18n.t('marks.columns')}</legend>
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
                      aria-label={i18n.t('marks.earlier', { column: def.label })}
                      disabled={at === 0}
                      onClick={() => onLayout(moveColumn(layout, id, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      class="icon"
                      aria-label={i18n.t('marks.later', { column: def.label })}
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
              aria-label={i18n.t('marks.sectionName')}
              aria-invalid={refused}
              maxLength={40}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
            <button type="submit" disabled={name.trim() === ''}>
              {i18n.t('marks.add')}
            </button>
          </form>
          {refused && (
            <p class="muted" role="alert">
              {i18n.t('marks.taken')}
            </p>
          )}
          <ul class="plain-list">
            {layout.sections.map((s) => (
              <li key={s.id}>
                {s.name}{' '}
                <button
                  type="button"
                  class="icon"
                  aria-label={i18n.t('marks.removeSection', { section: s.name })}
                  onClick={() => onLayout(removeSection(layout, s.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <p class="muted small">{i18n.t('marks.keys')}</p>
        </div>
      )}
    </div>
  );
}
