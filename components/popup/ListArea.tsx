// The popup's list area: the search's results or the recent lookups, with what to say when there are none.
import { i18n } from '#i18n';
import type { RowItem } from '../../lib/popup/rows';
import type { SearchView } from '../../lib/popup/search';
import { MarketList } from './MarketList';

/** The listbox's id (the search box controls it). */
export const LIST_ID = 'popup-list';

interface ListAreaProps {
  showingResults: boolean;
  search: SearchView;
  rows: RowItem[];
  active: number;
  onOpen: (index: number) => void;
  onActivate: (index: number) => void;
}

export function ListArea({ showingResults, search, rows, active, onOpen, onActivate }: ListAreaProps) {
  const label = showingResults ? i18n.t('popup.matching', { term: search.term }) : i18n.t('popup.recent');
  return (
    <section class="list">
      {!showingResults && rows.length > 0 && <h2 class="list__title">{i18n.t('popup.recent')}</h2>}
      <MarketList id={LIST_ID} label={label} items={rows} active={active} onOpen={onOpen} onActivate={onActivate} />
      <p class="list__note muted" role="status">
        {showingResults
          ? search.pending && search.results === null
            ? i18n.t('popup.searching')
            : !search.pending && !search.error && rows.length === 0
              ? i18n.t('popup.noMatch', { term: search.term })
              : ''
          : rows.length === 0
            ? i18n.t('popup.typeHint')
            : ''}
      </p>
    </section>
  );
}
