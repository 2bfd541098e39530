import { i18n } from '#i18n';
import { formatPrice, marketDecimals } from '../../lib/format';

import type { RowItem } from '../../lib/popup/rows';
import type { FlagColour } from '../../lib/watchlists/flag-colours';
import { Change } from '../Change';
import { FlagMark } from '../FlagMark';
import { MarketStatusTag } from '../MarketStatusTag';
import { StaleMark } from '../StaleMark';

interface Props {
  item: RowItem;
  id: string;
  active: boolean;
  /** The market's colour flag from the watchlists' marks. */
  flag?: FlagColour;
  onOpen: () => void;
  onHover: () => void;
}

/** One market in the popup's list: its flag, name, epic, bid/offer, change, status, staleness. */
export function MarketRow({ item, id, active, flag, onOpen, onHover }: Props) {
  const q = item.quote;
  const d = marketDecimals(q);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list's keyboard lives in the combobox (aria-activedescendant)
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      class={`row${active ? ' row--active' : ''}`}
      data-testid="popup-result"
      data-epic={item.epic}
      onClick={onOpen}
      onMouseMove={active ? undefined : onHover}
    >
      <div class="row__left">
        <div class="row__name">
          {flag && <FlagMark flag={flag} />}
          <span class="row__title">{item.instrumentName}</span>
          {q && <MarketStatusTag status={q.marketStatus} />}
          {item.fetchedAt !== null && <StaleMark stale={item.stale} fetchedAt={item.fetchedAt} />}
        </div>
        <div class="row__epic muted">{item.epic}</div>
      </div>
      <div class="row__right num">
        <div class="row__prices">
          <span class="visually-hidden">{i18n.t('term.bid')} </span>
          {formatPrice(q?.bid, d)}
          <span class="muted"> / </span>
          <span class="visually-hidden">{i18n.t('term.offer')} </span>
          {formatPrice(q?.offer, d)}
        </div>
        <Change net={q?.netChange ?? null} pct={q?.percentageChange ?? null} decimals={d} />
      </div>
    </div>
  );
}
