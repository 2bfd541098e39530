// A market's flag, section and note in its detail: kept in this browser only (lib/watchlists/marks.ts).
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
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
import { flagName } from '../FlagMark';
import { usePanel } from './context';
import { useWatchlistMarks } from './useWatchlistMarks';

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
      <h3 id="marks-title">{i18n.t('marks.title')}</h3>
      <div class="wl-tools__row">
        <label>
          {i18n.t('marks.flag')}{' '}
          <select
            data-testid="detail-flag"
            value={marks.flags[epic] ?? ''}
            onChange={(e) => update((m) => withFlag(m, epic, (e.currentTarget.value || null) as FlagColour | null))}
          >
            <option value="">{i18n.t('marks.none')}</option>
            {FLAG_COLOURS.map((c) => (
              <option key={c} value={c}>
                {flagName(c)}
              </option>
            ))}
          </select>
        </label>
        {listId && layout && layout.sections.length > 0 && (
          <label>
            {i18n.t('marks.section')}{' '}
            <select
              value={sectionOf(layout, epic)?.id ?? ''}
              onChange={(e) => {
                const target = e.currentTarget.value || null;
                update((m) => withLayout(m, listId, moveToSection(layoutOf(m, listId), epic, target)));
              }}
            >
              <option value="">{i18n.t('marks.outside')}</option>
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
          {i18n.t('marks.note')}
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
          {i18n.t('marks.save')}
        </button>
        {saved && (
          <span class="muted" role="status">
            {i18n.t('marks.saved')}
          </span>
        )}
      </form>
      <p class="muted small">{i18n.t('marks.private')}</p>
    </section>
  );
}
