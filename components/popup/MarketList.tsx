import { Component } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { RowItem } from '../../lib/popup/rows';
import { MarketRow } from './MarketRow';

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

interface Handlers {
  onOpen: (index: number) => void;
  onActivate: (index: number) => void;
}

interface RowProps {
  id: string;
  item: RowItem;
  index: number;
  active: boolean;
  /** The list's latest handlers: a row that did not re-render still calls the current ones. */
  handlers: { current: Handlers };
}

/**
 * A row re-renders only when what it shows changes: the list renders again for each answer, status and
 * price, and formatting a score of rows each time held the first rows' frame back.
 */
class ListRow extends Component<RowProps> {
  shouldComponentUpdate(next: RowProps) {
    const a = this.props;
    return (
      a.id !== next.id ||
      a.index !== next.index ||
      a.active !== next.active ||
      a.item.epic !== next.item.epic ||
      a.item.instrumentName !== next.item.instrumentName ||
      a.item.quote !== next.item.quote ||
      a.item.fetchedAt !== next.item.fetchedAt ||
      a.item.stale !== next.item.stale
    );
  }
  open = () => this.props.handlers.current.onOpen(this.props.index);
  hover = () => this.props.handlers.current.onActivate(this.props.index);
  render() {
    const { id, item, active } = this.props;
    return <MarketRow id={id} item={item} active={active} onOpen={this.open} onHover={this.hover} />;
  }
}

/** The results (or recent lookups) as a listbox driven from the search box. */
export function MarketList({ id, label, items, active, onOpen, onActivate }: Props) {
  const hasRows = items.length > 0;
  const handlers = useRef<Handlers>({ onOpen, onActivate });
  handlers.current = { onOpen, onActivate };
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
        <ListRow key={item.epic} id={rowId(id, i)} item={item} index={i} active={i === active} handlers={handlers} />
      ))}
    </div>
  );
}
