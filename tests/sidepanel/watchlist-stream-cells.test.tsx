// @vitest-environment happy-dom
// Streamed ticks into a watchlist with every column chosen, where a tick draws again only the cells whose
// values moved (WatchlistCells.tsx): the row that moved flashes its way, its cells and sparkline show the new
// prices, and a row that did not move neither flashes nor changes.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WatchlistTable } from '../../components/sidepanel/WatchlistTable';
import type { RowModel } from '../../lib/sidepanel/rows';
import { type ColumnId, columnIds } from '../../lib/watchlists/columns';
import { row } from './fixtures';

afterEach(cleanup);

const EUR = 'CS.D.EURUSD.TODAY.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const start: RowModel[] = [
  row(EUR, { instrumentName: 'EUR/USD', bid: 1.0812, offer: 1.0814, high: 1.083, low: 1.08, decimalPlacesFactor: 4 }),
  row(FTSE, { instrumentName: 'FTSE 100', bid: 8101.5, offer: 8102.5, high: 8150, low: 8050, decimalPlacesFactor: 1 }),
];
const columns: ColumnId[] = [...columnIds];

// The panel's sort preference, one object while it holds.
const BY_NAME = { column: 'name', direction: 'asc' } as const;

function table(rows: RowModel[], sparks: Map<string, (number | null)[]>, onRemove?: (row: RowModel) => void) {
  return (
    <WatchlistTable
      rows={rows}
      columns={columns}
      onRemove={onRemove}
      listName="Majors"
      sort={BY_NAME}
      onSort={() => {}}
      sparklines
      sparks={sparks}
      onOpen={() => {}}
    />
  );
}

const rowOf = (epic: string) => document.querySelector<HTMLElement>(`[data-testid="panel-row"][data-epic="${epic}"]`)!;
const cell = (epic: string, cls: string) => rowOf(epic).querySelector(`.${cls}`)!.textContent;
const flashOf = (epic: string) => /flash-(up|down)-\d/.exec(rowOf(epic).className)?.[0] ?? null;
const sparkPoints = (epic: string) =>
  rowOf(epic).querySelector('.wl-spark path')?.getAttribute('d')?.match(/[ML]/g)?.length ?? 0;
const tick = (rows: RowModel[], epic: string, patch: Partial<RowModel['quote']>) =>
  rows.map((r) => (r.epic === epic ? { ...r, quote: { ...r.quote, ...patch } } : r));

describe('a watchlist with every column, streaming', () => {
  it('flashes the row whose price moved, its way each tick, and draws its moved cells again', () => {
    const sparks = new Map<string, (number | null)[]>();
    const { rerender } = render(table(start, sparks));
    expect(flashOf(EUR)).toBeNull();
    expect(cell(EUR, 'wl-bid')).toBe('1.0812');

    const up = tick(start, EUR, { bid: 1.082, offer: 1.0822 });
    rerender(table(up, sparks));
    expect(flashOf(EUR)).toMatch(/^flash-up-/);
    expect(flashOf(FTSE)).toBeNull();
    expect(cell(EUR, 'wl-bid')).toBe('1.0820');
    expect(cell(EUR, 'wl-offer')).toBe('1.0822');
    expect(cell(EUR, 'wl-mid')).toBe('1.0821');
    expect(cell(EUR, 'wl-spread')).toBe('0.0002');
    const first = flashOf(EUR);

    const down = tick(up, EUR, { bid: 1.0801, offer: 1.0803 });
    rerender(table(down, sparks));
    // Down, and a class of its own, so the flash starts again rather than carrying on from the last one.
    expect(flashOf(EUR)).toMatch(/^flash-down-/);
    expect(flashOf(EUR)).not.toBe(first?.replace('up', 'down'));
    expect(cell(EUR, 'wl-bid')).toBe('1.0801');
    expect(cell(EUR, 'wl-mid')).toBe('1.0802');
    expect(flashOf(FTSE)).toBeNull();
  });

  it('does not flash or change a row whose prices did not move, even on a tick of its own', () => {
    const sparks = new Map<string, (number | null)[]>();
    const { rerender } = render(table(start, sparks));
    const ftse = rowOf(FTSE);
    const changes: MutationRecord[] = [];
    const watch = new MutationObserver((records) => changes.push(...records));
    watch.observe(ftse, { subtree: true, childList: true, characterData: true, attributes: true });

    rerender(table(tick(start, EUR, { bid: 1.0815, offer: 1.0817 }), sparks));
    watch.takeRecords();
    expect(changes).toHaveLength(0);
    expect(flashOf(FTSE)).toBeNull();

    // FTSE's own tick with the same prices (a new quote object): no flash, its prices as they were.
    rerender(table(tick(start, FTSE, { bid: 8101.5, offer: 8102.5 }), sparks));
    expect(flashOf(FTSE)).toBeNull();
    expect(cell(FTSE, 'wl-bid')).toBe('8,101.5');
    watch.disconnect();
  });

  it('grows the sparkline of the market that ticked by its new point, and leaves the others drawn as they were', () => {
    const trail = [1.08, 1.081, 1.0812];
    const ftseTrail = [8100, 8101, 8101.5];
    const { rerender } = render(
      table(
        start,
        new Map([
          [EUR, trail],
          [FTSE, ftseTrail],
        ]),
      ),
    );
    expect(sparkPoints(EUR)).toBe(3);
    const ftsePath = rowOf(FTSE).querySelector('.wl-spark path')!;
    const ftseDrawn = ftsePath.getAttribute('d');

    const up = tick(start, EUR, { bid: 1.082, offer: 1.0822 });
    rerender(
      table(
        up,
        new Map([
          [EUR, [...trail, 1.0821]],
          [FTSE, ftseTrail],
        ]),
      ),
    );
    expect(sparkPoints(EUR)).toBe(4);
    // The new point is the highest: the line ends at the top of the sparkline.
    expect(rowOf(EUR).querySelector('.wl-spark path')!.getAttribute('d')).toMatch(/L63\.0,1\.0$/);
    expect(rowOf(EUR).querySelector('.wl-spark svg')!.getAttribute('class')).toContain('up');
    expect(rowOf(FTSE).querySelector('.wl-spark path')).toBe(ftsePath);
    expect(ftsePath.getAttribute('d')).toBe(ftseDrawn);
  });

  it('draws a tick without asking the browser for words again (its getMessage costs every frame), and keeps them', () => {
    const trail = [1.08, 1.081, 1.0812];
    const sparks = (t: number[]) => new Map([[EUR, t]]);
    const { rerender } = render(table(start, sparks(trail), () => {}));
    const asked = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    try {
      rerender(table(tick(start, EUR, { bid: 1.082, offer: 1.0822 }), sparks([...trail, 1.0821]), () => {}));
      expect(cell(EUR, 'wl-bid')).toBe('1.0820');
      expect(sparkPoints(EUR)).toBe(4);
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
    // The words a screen reader hears are the same as before the tick.
    expect(rowOf(EUR).querySelector('.wl-act button')!.getAttribute('aria-label')).toBe('Remove EUR/USD from Majors');
    expect(rowOf(EUR).querySelector('.wl-spark svg')!.getAttribute('aria-label')).toBe('Recent prices of EUR/USD');
    expect(document.querySelector('table')!.getAttribute('aria-label')).toMatch(/Majors/);
  });

  it('draws a tick of a trail too short for a line (a new install’s first minute) without asking for words again', () => {
    const sparks = (t: number[]) => new Map([[EUR, t]]);
    const { rerender } = render(table(start, sparks([1.08]), () => {}));
    const said = rowOf(EUR).querySelector('.wl-spark svg')!.getAttribute('aria-label');
    const asked = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    try {
      rerender(table(tick(start, EUR, { bid: 1.082, offer: 1.0822 }), sparks([1.0821]), () => {}));
      expect(cell(EUR, 'wl-bid')).toBe('1.0820');
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
    expect(rowOf(EUR).querySelector('.wl-spark svg')!.getAttribute('aria-label')).toBe(said);
  });
});
