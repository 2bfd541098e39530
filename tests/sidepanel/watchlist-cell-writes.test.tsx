// @vitest-environment happy-dom
// What a streamed quote writes into a watchlist row with every column (components/sidepanel/live-cells.ts):
// the day-range mark stands where the price is within the day's range, and the cells that show a value the
// tick did not move still follow the user's number and time format.
import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { WatchlistTable } from '../../components/sidepanel/WatchlistTable';
import { setFormatLocale } from '../../lib/format';
import type { MarketQuote } from '../../lib/model';
import { LiveRows } from '../../lib/sidepanel/live-rows';
import { columnIds } from '../../lib/watchlists/columns';
import { quote, row } from './fixtures';

afterEach(() => {
  cleanup();
  setFormatLocale(undefined);
});

const EUR = 'CS.D.EURUSD.TODAY.IP';
const EUR_QUOTE = {
  instrumentName: 'EUR/USD',
  bid: 1.0812,
  offer: 1.0814,
  high: 1.083,
  low: 1.08,
  netChange: 0.0012,
  percentageChange: 0.11,
  updatedAt: Date.UTC(2026, 10, 27, 9, 30, 0),
  decimalPlacesFactor: 4,
};

function table(live: LiveRows) {
  return (
    <WatchlistTable
      rows={[row(EUR, EUR_QUOTE)]}
      columns={[...columnIds]}
      listName="Majors"
      sort={{ column: 'name', direction: 'asc' }}
      onSort={() => {}}
      sparklines
      sparks={new Map()}
      onOpen={() => {}}
      live={live}
    />
  );
}

const cellOf = (cls: string) =>
  document.querySelector<HTMLElement>(`[data-testid="panel-row"][data-epic="${EUR}"] .${cls}`)!;
const tick = (live: LiveRows, patch: Partial<MarketQuote>, fetchedAt: number) =>
  act(() =>
    live.publish([{ epic: EUR, fresh: { value: quote(EUR, { ...EUR_QUOTE, ...patch }), fetchedAt, stale: false } }]),
  );
/** Where the mark stands along the bar, in % of its length (its box spans the bar, CSS .range-bar__mark). */
const markAt = () => cellOf('wl-range').querySelector<HTMLElement>('.range-bar__mark')!.style.backgroundPositionX;

describe('a streamed quote in a row with every column', () => {
  it('puts the range mark where the mid stands in the day’s range, and moves it with the price', () => {
    const live = new LiveRows();
    render(table(live));
    // Mid 1.0813 in 1.0800–1.0830: 43 % of the way up.
    expect(markAt()).toBe('43%');
    expect(cellOf('wl-range').querySelector('[role="img"]')!.getAttribute('aria-label')).toBe("43% of the day's range");

    tick(live, { bid: 1.0808 }, 2_000);
    expect(markAt()).toBe('37%');
    // At the day's high and at its low: the bar's two ends.
    tick(live, { bid: 1.0829, offer: 1.0831 }, 3_000);
    expect(markAt()).toBe('100%');
    tick(live, { bid: 1.0799, offer: 1.0801 }, 4_000);
    expect(markAt()).toBe('0%');
  });

  it('shows the time of the latest update to the second, and a new number format in the cells the tick did not move', () => {
    const live = new LiveRows();
    render(table(live));
    const time = cellOf('wl-upd').textContent;
    expect(cellOf('wl-high').textContent).toBe('1.0830');

    // Later within the same second: the time shown stays; the next second shows.
    tick(live, { bid: 1.0811, updatedAt: EUR_QUOTE.updatedAt + 400 }, 2_000);
    expect(cellOf('wl-upd').textContent).toBe(time);
    tick(live, { bid: 1.0812, updatedAt: EUR_QUOTE.updatedAt + 1_000 }, 3_000);
    expect(cellOf('wl-upd').textContent).not.toBe(time);
    expect(cellOf('wl-upd').textContent).toMatch(/30:01/);

    // The user's number format changes: the day's high and low, which the next tick leaves alone, follow it.
    setFormatLocale('de-DE');
    tick(live, { bid: 1.081, updatedAt: EUR_QUOTE.updatedAt + 1_000 }, 4_000);
    expect(cellOf('wl-bid').textContent).toBe('1,0810');
    expect(cellOf('wl-high').textContent).toBe('1,0830');
    expect(cellOf('wl-low').textContent).toBe('1,0800');
    expect(cellOf('wl-upd').textContent).toMatch(/30:01/);
  });
});
