// A market's flag, section and note in its detail: kept in this browser only (lib/watchlists/marks.ts).
import { useEffect, useState } from 'preact/hooks';
import { FLAG_NAMES } from '../../lib/watchlists/flag-names';
import {
  FLAG_COLOURS,
  type FlagColour,
  layoutOf,
  moveToSection,
  NOTE_MAX,
  sectionOf,
  withFlag,
  withLayout,
  withNote,
} from '../../lib/watchlists/marks';
import { usePanel } from './context';
import { useWatchlistMarks } from './useWatchlistMarks';

const text = {
  title: 'Flag and note',
  flag: 'Flag',
  none: 'No flag',
  section: 'Section in the chosen watchlist',
  outside: 'No section',
  note: 'Note',
  save: 'Save note',
  saved: 'Note saved.',
  private: 'Kept in this browser only: IG never sees flags, sections or notes.',
};

export function MarketMarks({ epic }: { epic: string }) {
  const { prefs } = usePanel();
  const [marks, update] = useWatchlistMarks();
  const held = marks.notes[epic] ?? '';
  const [draft, setDraft] = useState(held);
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(held), [held]);
  const listId = prefs.selectedWatchlistId;
  const layout = listId ? layoutOf(marks, listId) : null;

  return (
    <section class="detail-section" aria-labelledby="marks-title">
      <h3 id="marks-title">{text.title}</h3>
      <div class="wl-tools__row">
        <label>
          {text.flag}{' '}
          <select
            data-testid="detail-flag"
            value={marks.flags[epic] ?? ''}
            onChange={(e) => update((m) => withFlag(m, epic, (e.currentTarget.value || null) as FlagColour | null))}
          >
            <option value="">{text.none}</option>
            {FLAG_COLOURS.map((c) => (
              <option key={c} value={c}>
                {FLAG_NAMES[c]}
              </option>
            ))}
          </select>
        </label>
        {listId && layout && layout.sections.length > 0 && (
          <label>
            {text.section}{' '}
            <select
              value={sectionOf(layout, epic)?.id ?? ''}
              onChange={(e) => {
                const target = e.currentTarget.value || null;
                update((m) => withLayout(m, listId, moveToSection(layoutOf(m, listId), epic, target)));
              }}
            >
              <option value="">{text.outside}</option>
              {layout.sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update((m) => withNote(m, epic, draft));
          setSaved(true);
        }}
      >
        <label>
          {text.note}
          <textarea
            data-testid="detail-note"
            rows={2}
            maxLength={NOTE_MAX}
            value={draft}
            onInput={(e) => {
              setDraft(e.currentTarget.value);
              setSaved(false);
            }}
          />
        </label>
        <button type="submit" disabled={draft.trim() === held}>
          {text.save}
        </button>
        {saved && (
          <span class="muted" role="status">
            {text.saved}
          </span>
        )}
      </form>
      <p class="muted small">{text.private}</p>
    </section>
  );
}
