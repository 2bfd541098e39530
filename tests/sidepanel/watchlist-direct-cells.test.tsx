// @vitest-environment happy-dom
// A streamed quote written straight into the cells that show it (components/sidepanel/live-cells.ts): the
// cells whose values moved change their text, formatted at the market's decimals in the user's locale; no
// other cell, row or element is touched, and no element is made or removed.
import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchlistTable } from '../../components/sidepanel/WatchlistTable';
import { setFormatLocale } from '../../lib/format';
import type { MarketQuote } from '../../lib/model';
import { FLASH_MS, LiveRows } from '../../lib/sidepanel/live-rows';
import { fractionPad } from '../../lib/sidepanel/number-columns';
import type { RowModel } from '../../lib/sidepanel/rows';
import { columnIds } from '../../lib/watchlists/columns';
import { useLocale } from '../setup/i18n-messages';
import { quote, row, sentiment } from './fixtures';

afterEach(() => {
  cleanup();
  setFormatLocale(undefined);
});

const EUR = 'CS.D.EURUSD.TODAY.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const EUR_QUOTE = {
  instrumentName: 'EUR/USD',
  bid: 1.0812,
  offer: 1.0814,
  high: 1.083,
  low: 1.08,
  netChange: 0.0012,
  percentageChange: 0.11,
  updatedAt: Date.UTC(2026, 10, 27, 9, 30, 0),
  marketId: 'EURUSD',
  decimalPlacesFactor: 4,
};
const start: RowModel[] = [
  row(EUR, EUR_QUOTE, { sentiment: sentiment('EURUSD', 60) }),
  row(FTSE, { instrumentName: 'FTSE 100', bid: 8101.5, offer: 8102.5, high: 8150, low: 8050, decimalPlacesFactor: 1 }),
];
const BY_NAME = { column: 'name', direction: 'asc' } as const;

function table(rows: RowModel[], live: LiveRows, sparks = new Map<string, (number | null)[]>()) {
  return (
    <WatchlistTable
      rows={rows}
      columns={[...columnIds]}
      listName="Majors"
      sort={BY_NAME}
      onSort={() => {}}
      sparklines
      sparks={sparks}
      onOpen={() => {}}
      live={live}
    />
  );
}

const rowOf = (epic: string) => document.querySelector<HTMLElement>(`[data-testid="panel-row"][data-epic="${epic}"]`)!;
const cellOf = (epic: string, cls: string) => rowOf(epic).querySelector<HTMLElement>(`.${cls}`)!;
// The streamed quote carries no precision (IG sends it with the market's details): the row keeps its own.
const streamed = (epic: string, patch: Partial<MarketQuote>, fetchedAt: number, trail?: (number | null)[]) => ({
  epic,
  fresh: { value: quote(epic, { ...EUR_QUOTE, decimalPlacesFactor: undefined, ...patch }), fetchedAt, stale: false },
  ...(trail ? { trail } : {}),
});

/** The cells (by class) and other parts of the table each mutation touched, and whether any made or removed nodes. */
function watchTable() {
  const records: MutationRecord[] = [];
  const watch = new MutationObserver((r) => records.push(...r));
  watch.observe(document.querySelector('[data-testid="panel-rows"]')!, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  return () => {
    records.push(...watch.takeRecords());
    watch.disconnect();
    const touched = new Set<string>();
    for (const r of records) {
      const el = r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement!;
      const td = el.closest('td');
      const tr = el.closest('tr') as HTMLElement | null;
      touched.add(td ? `${tr?.dataset.epic} ${td.classList[0]}` : `${tr?.dataset.epic ?? 'table'} ${r.attributeName}`);
    }
    return { touched: [...touched].sort(), madeOrRemoved: records.filter((r) => r.type === 'childList').length };
  };
}

describe('a streamed quote written straight into its cells', () => {
  it('changes exactly the cells whose values moved, and the row’s flash, nothing else', () => {
    const live = new LiveRows();
    render(table(start, live));
    const bidText = cellOf(EUR, 'wl-bid').firstChild!.firstChild;
    const done = watchTable();

    // Only the bid moves: bid, mid, spread and the range mark change; offer, change, high, low, time do not.
    act(() => live.publish([streamed(EUR, { bid: 1.0808 }, 2_000)]));
    const { touched, madeOrRemoved } = done();
    expect(touched).toEqual([`${EUR} class`, `${EUR} wl-bid`, `${EUR} wl-mid`, `${EUR} wl-range`, `${EUR} wl-spread`]);
    expect(madeOrRemoved).toBe(0);
    // The same text node, its text rewritten.
    expect(cellOf(EUR, 'wl-bid').firstChild!.firstChild).toBe(bidText);
    expect(cellOf(EUR, 'wl-bid').textContent).toBe('1.0808');
    expect(cellOf(EUR, 'wl-mid').textContent).toBe('1.0811');
    expect(cellOf(EUR, 'wl-spread').textContent).toBe('0.0006');
    expect(cellOf(EUR, 'wl-range').querySelector('[role="img"]')!.getAttribute('aria-label')).toBe(
      "37% of the day's range",
    );
    expect(rowOf(EUR).className).toMatch(/flash-down-/);
  });

  it('writes every moved value at the market’s decimals, split at the point, in the user’s locale', () => {
    setFormatLocale('de-DE');
    useLocale('de');
    const live = new LiveRows();
    render(table(start, live));
    expect(cellOf(FTSE, 'wl-bid').textContent).toBe('8.101,5');

    act(() =>
      live.publish([
        streamed(EUR, { bid: 1.0901, offer: 1.0903, high: 1.0905, netChange: -0.0021, percentageChange: -0.19 }, 2_000),
      ]),
    );
    expect(cellOf(EUR, 'wl-bid').textContent).toBe('1,0901');
    // One text node a number, padded after its comma and four digits so that its comma lines up.
    const bid = cellOf(EUR, 'wl-bid').firstElementChild as HTMLElement;
    expect(bid.childNodes).toHaveLength(1);
    expect(bid.style.paddingInlineEnd).toBe(fractionPad(',0901'));
    expect(cellOf(EUR, 'wl-offer').textContent).toBe('1,0903');
    expect(cellOf(EUR, 'wl-mid').textContent).toBe('1,0902');
    expect(cellOf(EUR, 'wl-high').textContent).toBe('1,0905');
    expect(cellOf(EUR, 'wl-chg').textContent).toBe('−0,0021');
    expect(cellOf(EUR, 'wl-chg').firstElementChild!.className).toBe('down');
    expect(cellOf(EUR, 'wl-pct').textContent).toMatch(/^▼ −0,19\s?%$/);
    expect(cellOf(EUR, 'wl-pct').firstElementChild!.className).toBe('down');
    // The range bar's words in the user's language, its share in the user's number format.
    expect(cellOf(EUR, 'wl-range').querySelector('[role="img"]')!.getAttribute('aria-label')).toMatch(
      /^Bei \d+\s%\sder Tagesspanne$/,
    );
    expect(rowOf(EUR).className).toMatch(/flash-up-/);
  });

  it('draws the status again when the market closes, and a sparkline only when its points changed', () => {
    const live = new LiveRows();
    const trail = [1.08, 1.081, 1.0812];
    render(table(start, live, new Map([[EUR, trail]])));
    expect(cellOf(EUR, 'wl-stat').textContent).not.toMatch(/closed/i);

    act(() => live.publish([streamed(EUR, { bid: 1.0812, offer: 1.0814, marketStatus: 'CLOSED' }, 2_000, trail)]));
    expect(cellOf(EUR, 'wl-stat').textContent).toMatch(/closed/i);
    const path = cellOf(EUR, 'wl-spark').querySelector('path')!;
    const drawn = path.getAttribute('d');

    // The same points again: nothing to draw.
    let done = watchTable();
    act(() => live.publish([streamed(EUR, { bid: 1.0813, marketStatus: 'CLOSED' }, 3_000, [...trail])]));
    expect(done().touched).not.toContain(`${EUR} wl-spark`);

    // A new point: the same path, its line drawn again, ending at the top (the highest point).
    done = watchTable();
    act(() => live.publish([streamed(EUR, { bid: 1.0815, marketStatus: 'CLOSED' }, 4_000, [...trail, 1.0815])]));
    const after = done();
    expect(after.touched).toContain(`${EUR} wl-spark`);
    expect(after.madeOrRemoved).toBe(0);
    expect(cellOf(EUR, 'wl-spark').querySelector('path')).toBe(path);
    expect(path.getAttribute('d')).not.toBe(drawn);
    expect(path.getAttribute('d')).toMatch(/L63\.0,1\.0$/);
  });

  it('puts the range mark where the mid stands in the day’s range, and moves it with the price', () => {
    const live = new LiveRows();
    render(table(start, live));
    // Where the mark stands along the bar, in % of its length (its box spans the bar, CSS .range-bar__mark).
    const markAt = () =>
      cellOf(EUR, 'wl-range').querySelector<HTMLElement>('.range-bar__mark')!.style.backgroundPositionX;
    // Mid 1.0813 in 1.0800–1.0830: 43 % of the way up.
    expect(markAt()).toBe('43%');
    act(() => live.publish([streamed(EUR, { bid: 1.0808 }, 2_000)]));
    expect(markAt()).toBe('37%');
    // At the day's high and at its low: the bar's two ends.
    act(() => live.publish([streamed(EUR, { bid: 1.0829, offer: 1.0831 }, 3_000)]));
    expect(markAt()).toBe('100%');
    act(() => live.publish([streamed(EUR, { bid: 1.0799, offer: 1.0801 }, 4_000)]));
    expect(markAt()).toBe('0%');
  });

  it('shows the latest update to the second, and a new number format in the cells a tick did not move', () => {
    const live = new LiveRows();
    render(table(start, live));
    const time = cellOf(EUR, 'wl-upd').textContent;
    expect(cellOf(EUR, 'wl-high').textContent).toBe('1.0830');
    const at = EUR_QUOTE.updatedAt;
    // Later within the same second: the time shown stays; the next second shows.
    act(() => live.publish([streamed(EUR, { bid: 1.0811, updatedAt: at + 400 }, 2_000)]));
    expect(cellOf(EUR, 'wl-upd').textContent).toBe(time);
    act(() => live.publish([streamed(EUR, { bid: 1.0812, updatedAt: at + 1_000 }, 3_000)]));
    expect(cellOf(EUR, 'wl-upd').textContent).toMatch(/30:01/);

    // The user's number format changes: the day's high and low, which the next tick leaves alone, follow it.
    setFormatLocale('de-DE');
    act(() => live.publish([streamed(EUR, { bid: 1.081, updatedAt: at + 1_000 }, 4_000)]));
    expect(cellOf(EUR, 'wl-bid').textContent).toBe('1,0810');
    expect(cellOf(EUR, 'wl-high').textContent).toBe('1,0830');
    expect(cellOf(EUR, 'wl-low').textContent).toBe('1,0800');
    expect(cellOf(EUR, 'wl-upd').textContent).toMatch(/30:01/);
  });

  it('takes the flash off the row once it has shown for its time, with no quote to draw it', () => {
    vi.useFakeTimers({ now: 50_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const live = new LiveRows();
      render(table(start, live));
      act(() => live.publish([streamed(EUR, { bid: 1.0815 }, 60_000)]));
      expect(rowOf(EUR).className).toMatch(/flash-up-/);
      act(() => {
        vi.advanceTimersByTime(FLASH_MS - 10);
      });
      expect(rowOf(EUR).className).toMatch(/flash-up-/);
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(rowOf(EUR).className).toBe('wl-row');
    } finally {
      vi.useRealTimers();
    }
  });
});
