// @vitest-environment happy-dom
// Streamed prices drawn by the rows themselves (WatchlistRow + LiveRows): a row on screen shows its market's
// newer quote and flashes without the table being drawn again, and the view catching up later neither turns
// it back nor flashes it twice.
import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchlistRow } from '../../components/sidepanel/WatchlistRow';
import { WatchlistTable } from '../../components/sidepanel/WatchlistTable';
import type { MarketQuote } from '../../lib/model';
import { LiveRows } from '../../lib/sidepanel/live-rows';
import type { RowModel } from '../../lib/sidepanel/rows';
import { columnIds } from '../../lib/watchlists/columns';
import { quote, row } from './fixtures';

afterEach(cleanup);

const EUR = 'CS.D.EURUSD.TODAY.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const start: RowModel[] = [
  row(EUR, { instrumentName: 'EUR/USD', bid: 1.0812, offer: 1.0814, marketId: 'EURUSD', decimalPlacesFactor: 4 }),
  row(FTSE, { instrumentName: 'FTSE 100', bid: 8101.5, offer: 8102.5, decimalPlacesFactor: 1 }),
];
const BY_NAME = { column: 'name', direction: 'asc' } as const;
const NO_SPARKS = new Map<string, (number | null)[]>();
// The list's chosen columns, one array while they hold (as the view keeps them).
const COLUMNS = [...columnIds];

function table(rows: RowModel[], live: LiveRows) {
  return (
    <WatchlistTable
      rows={rows}
      columns={COLUMNS}
      listName="Majors"
      sort={BY_NAME}
      onSort={() => {}}
      sparklines
      sparks={NO_SPARKS}
      onOpen={() => {}}
      live={live}
    />
  );
}

const rowOf = (epic: string) => document.querySelector<HTMLElement>(`[data-testid="panel-row"][data-epic="${epic}"]`)!;
const cell = (epic: string, cls: string) => rowOf(epic).querySelector(`.${cls}`)!.textContent;
const flashOf = (epic: string) => /flash-(up|down)-\d/.exec(rowOf(epic).className)?.[0] ?? null;
// The streamed quote carries no precision (IG sends it with the market's details): the row keeps its own.
const streamed = (patch: Partial<MarketQuote>, fetchedAt: number) => ({
  epic: EUR,
  fresh: { value: quote(EUR, { instrumentName: 'EUR/USD', ...patch }), fetchedAt, stale: false },
});

describe('a watchlist row drawing its own streamed prices', () => {
  it('shows the newer price to the market’s precision and flashes, the other rows untouched', () => {
    const live = new LiveRows();
    render(table(start, live));
    const ftse = rowOf(FTSE);
    const changes: MutationRecord[] = [];
    const watch = new MutationObserver((records) => changes.push(...records));
    watch.observe(ftse, { subtree: true, childList: true, characterData: true, attributes: true });

    act(() => live.publish([streamed({ bid: 1.082, offer: 1.0822 }, 2_000)]));
    expect(cell(EUR, 'wl-bid')).toBe('1.0820');
    expect(cell(EUR, 'wl-mid')).toBe('1.0821');
    expect(cell(EUR, 'wl-spread')).toBe('0.0002');
    expect(flashOf(EUR)).toMatch(/^flash-up-/);
    watch.takeRecords();
    expect(changes).toHaveLength(0);
    watch.disconnect();
  });

  it('is not turned back by the view drawing an older reading, nor flashed twice when the view catches up', () => {
    const live = new LiveRows();
    const { rerender } = render(table(start, live));
    act(() => live.publish([streamed({ bid: 1.082, offer: 1.0822 }, 2_000)]));
    const flash = flashOf(EUR);

    // The view draws again for something else (a flag, a note) with the rows it had: the streamed price stays.
    rerender(table([...start], live));
    expect(cell(EUR, 'wl-bid')).toBe('1.0820');
    // The view catches up with the same price: no new flash.
    const caught = start.map((r) =>
      r.epic === EUR ? { ...r, fetchedAt: 2_000, quote: { ...r.quote, bid: 1.082, offer: 1.0822 } } : r,
    );
    rerender(table(caught, live));
    expect(cell(EUR, 'wl-bid')).toBe('1.0820');
    expect(flashOf(EUR)).toBe(flash);
  });

  it('takes the view’s newer prices into its cells without drawing the row again, and its new status by drawing it', () => {
    const live = new LiveRows();
    const { rerender } = render(table(start, live));
    act(() => live.publish([streamed({ bid: 1.082, offer: 1.0822 }, 2_000)]));
    const draws = vi.spyOn(WatchlistRow.prototype, 'render');
    const later = (patch: Partial<MarketQuote>) =>
      start.map((r) => (r.epic === EUR ? { ...r, fetchedAt: 3_000, quote: { ...r.quote, ...patch } } : r));

    // The view catches up (once a second) with a price newer than the stream's: the row writes it itself.
    rerender(table(later({ bid: 1.0824, offer: 1.0826 }), live));
    expect(cell(EUR, 'wl-bid')).toBe('1.0824');
    expect(cell(EUR, 'wl-mid')).toBe('1.0825');
    expect(flashOf(EUR)).toMatch(/^flash-up-/);
    expect(draws).not.toHaveBeenCalled();

    // What the row's markup shows (the market's status) changes: the row is drawn again.
    rerender(table(later({ bid: 1.0824, offer: 1.0826, marketStatus: 'CLOSED' }), live));
    expect(draws).toHaveBeenCalled();
    expect(rowOf(EUR).querySelector('.wl-stat')!.textContent).not.toBe(
      rowOf(FTSE).querySelector('.wl-stat')!.textContent,
    );
    draws.mockRestore();
  });
});
