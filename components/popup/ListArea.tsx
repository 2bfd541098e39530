// The popup's list area: the search's results or the recent lookups, with what to say when there are none.
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
  const label = showingResults ? `Markets matching ${search.term}` : 'Recent lookups';
  return (
    <section class="list">
      {!showingResults && rows.length > 0 && <h2 class="list__title">Recent lookups</h2>}
      <MarketList id={LIST_ID} label={label} items={rows} active={active} onOpen={onOpen} onActivate={onActivate} />
      <p class="list__note muted" role="status">
        {showingResults
          ? search.pending && search.results === null
            ? 'Searching…'
            : !search.pending && !search.error && rows.length === 0
              ? `No markets match “${search.term}”.`
              : ''
          : rows.length === 0
            ? 'Type at least two letters of a market name or epic, for example “EUR/USD” or “FTSE”.'
            : ''}
      </p>
    </section>
  );
}
