import { useEffect, useLayoutEffect } from 'preact/hooks';
import type { RowItem } from '../../lib/popup/rows';
import { MarketRow } from './MarketRow';
import { useFlags } from './useFlags';

interface Props {
  id: string;
  label: string;
  items: RowItem[];
  active: number;
  onOpen: (index: number) => void;
  onActivate: (index: number) => void;
}

export function rowId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/** The results (or recent lookups) as a listbox driven from the search box. */
export function MarketList({ id, label, items, active, onOpen, onActivate }: Props) {
  const flags = useFlags();
  const hasRows = items.length > 0;
  useLayoutEffect(() => {
    // The frame that paints the first rows: what the popup benchmark measures.
    if (hasRows && performance.getEntriesByName('first-content').length === 0)
      requestAnimationFrame(() => {
        if (performance.getEntriesByName('first-content').length === 0) performance.mark('first-content');
      });
  }, [hasRows]);
  useEffect(() => {
    if (active >= 0) document.getElementById(rowId(id, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);
  // An empty listbox is invalid (a listbox owns options); the search box still points at this element.
  if (!hasRows) return <div id={id} class="rows" />;
  return (
    <div id={id} role="listbox" aria-label={label} class="rows">
      {items.map((item, i) => (
        <MarketRow
          key={item.epic}
          id={rowId(id, i)}
          item={item}
          active={i === active}
          flag={flags[item.epic]}
          onOpen={() => onOpen(i)}
          onHover={() => onActivate(i)}
        />
      ))}
    </div>
  );
}
