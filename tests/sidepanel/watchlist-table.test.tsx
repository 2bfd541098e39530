// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchlistTable } from '../../components/sidepanel/WatchlistTable';
import type { RowModel, SortChoice } from '../../lib/sidepanel/rows';
import { row, sentiment } from './fixtures';

afterEach(cleanup);

const rows: RowModel[] = [
  row('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EUR/USD', bid: 1.0812, offer: 1.0813, percentageChange: 0.25 }),
  row('IX.D.FTSE.DAILY.IP', { instrumentName: 'FTSE 100', bid: 8101.5, offer: 8102.5, percentageChange: -1.5 }),
  row(
    'IX.D.DAX.DAILY.IP',
    { instrumentName: 'Germany 40', bid: 18000, offer: 18002, percentageChange: 0.1, marketStatus: 'CLOSED' },
    { sentiment: sentiment('DAX', 64) },
  ),
];

function renderTable(props: Partial<Parameters<typeof WatchlistTable>[0]> = {}) {
  const onSort = vi.fn();
  const onOpen = vi.fn();
  const utils = render(
    <WatchlistTable
      rows={rows}
      listName="Majors"
      sort={{ column: 'name', direction: 'asc' }}
      onSort={onSort}
      sparklines
      sparks={new Map([['CS.D.EURUSD.TODAY.IP', [1.08, 1.081, 1.0812]]])}
      onOpen={onOpen}
      {...props}
    />,
  );
  return { ...utils, onSort, onOpen };
}

const shownNames = () =>
  screen.getAllByTestId('panel-row').map((r) => within(r).getAllByRole('button')[0]!.textContent);

describe('WatchlistTable', () => {
  it('shows the rows in the chosen order and marks the sorted column', () => {
    const { rerender, onSort } = renderTable();
    expect(shownNames()).toEqual(['EUR/USD', 'FTSE 100', 'Germany 40']);
    const header = (name: string) => screen.getByRole('button', { name: `Sort by ${name}` }).closest('th')!;
    expect(header('Market').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Bid').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'Chg %: sort by Change %' }));
    expect(onSort).toHaveBeenCalledWith({ column: 'changePct', direction: 'desc' });

    const sort: SortChoice = { column: 'changePct', direction: 'desc' };
    rerender(
      <WatchlistTable
        rows={rows}
        listName="Majors"
        sort={sort}
        onSort={onSort}
        sparklines
        sparks={new Map()}
        onOpen={() => {}}
      />,
    );
    expect(shownNames()).toEqual(['EUR/USD', 'Germany 40', 'FTSE 100']);
    expect(
      screen.getByRole('button', { name: 'Chg %: sort by Change %' }).closest('th')!.getAttribute('aria-sort'),
    ).toBe('descending');
    expect(header('Market').getAttribute('aria-sort')).toBe('none');
  });

  it('shows prices, change, sentiment and a closed market', () => {
    renderTable();
    const dax = screen.getAllByTestId('panel-row').find((r) => r.dataset.epic === 'IX.D.DAX.DAILY.IP')!;
    expect(dax.textContent).toContain('18,000.0');
    expect(dax.textContent).toContain('+0.10%');
    expect(within(dax).getByRole('img', { name: 'Clients 64% long, 36% short' })).toBeTruthy();
    expect(within(dax).getByText('Closed')).toBeTruthy();
  });

  it('flashes a row whose price changed, and only that row', () => {
    const { rerender } = renderTable();
    expect(document.querySelectorAll('[class*="flash-"]')).toHaveLength(0);
    const moved = rows.map((r) =>
      r.epic === 'IX.D.FTSE.DAILY.IP' ? { ...r, quote: { ...r.quote, bid: 8090, offer: 8091 } } : r,
    );
    rerender(
      <WatchlistTable
        rows={moved}
        listName="Majors"
        sort={{ column: 'name', direction: 'asc' }}
        onSort={() => {}}
        sparklines
        sparks={new Map()}
        onOpen={() => {}}
      />,
    );
    const flashing = [...document.querySelectorAll<HTMLElement>('[class*="flash-"]')];
    expect(flashing.map((r) => r.dataset.epic)).toEqual(['IX.D.FTSE.DAILY.IP']);
    expect(flashing[0]!.className).toMatch(/flash-down-/);
  });

  it('draws sparklines, and none in the compact view', () => {
    const { rerender } = renderTable();
    expect(screen.getByRole('img', { name: 'Recent prices of EUR/USD' }).querySelector('path')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Recent prices of FTSE 100: not enough data' })).toBeTruthy();
    rerender(
      <WatchlistTable
        rows={rows}
        listName="Majors"
        sort={{ column: 'name', direction: 'asc' }}
        onSort={() => {}}
        sparklines={false}
        sparks={new Map([['CS.D.EURUSD.TODAY.IP', [1, 2, 3]]])}
        onOpen={() => {}}
      />,
    );
    expect(screen.queryByRole('img', { name: /Recent prices of/ })).toBeNull();
  });

  it('marks stale rows with their age', () => {
    const stale = [
      row('A.B.C.D', { instrumentName: 'Stale one' }, { stale: true, fetchedAt: Date.now() - 5 * 60_000 }),
    ];
    renderTable({ rows: [...rows, ...stale] });
    const staleRow = screen.getAllByTestId('panel-row').find((r) => r.dataset.epic === 'A.B.C.D')!;
    expect(within(staleRow).getByText('5 min ago')).toBeTruthy();
    const fresh = screen.getAllByTestId('panel-row').find((r) => r.dataset.epic === 'CS.D.EURUSD.TODAY.IP')!;
    expect(fresh.querySelector('.stale')).toBeNull();
  });

  it('opens a market and removes one only from an editable list', () => {
    const onRemove = vi.fn();
    const { onOpen } = renderTable({ onRemove });
    fireEvent.click(screen.getByRole('button', { name: 'FTSE 100' }));
    expect(onOpen).toHaveBeenCalledWith('IX.D.FTSE.DAILY.IP');
    fireEvent.click(screen.getByRole('button', { name: 'Remove FTSE 100 from Majors' }));
    expect(onRemove.mock.calls[0]![0].epic).toBe('IX.D.FTSE.DAILY.IP');
    cleanup();
    renderTable();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('keeps only the rows on screen in the page for a 500-market list, and reports them', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      row(`EPIC.N${String(i).padStart(3, '0')}`, { instrumentName: `Market ${String(i).padStart(3, '0')}` }),
    );
    const onVisible = vi.fn();
    renderTable({ rows: many, onVisible });
    const rendered = screen.getAllByTestId('panel-row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    const table = screen.getByRole('table', { name: 'Markets in Majors' });
    expect(table.getAttribute('aria-rowcount')).toBe('501');
    const [sorted, range] = onVisible.mock.calls.at(-1)!;
    expect(sorted).toHaveLength(500);
    expect(range.startIndex).toBe(0);
    expect(range.endIndex).toBeLessThan(60);
  });

  it('moves the focus with the arrow keys at once, so keys pressed before the next frame are not lost', () => {
    // A frame that never comes (a busy page): the focus must move within the key's own handler.
    const frame = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      renderTable();
      const name = (n: string) => screen.getByRole('button', { name: n });
      name('EUR/USD').focus();
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(name('FTSE 100'));
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(name('Germany 40'));
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
      expect(document.activeElement).toBe(name('FTSE 100'));
    } finally {
      frame.mockRestore();
    }
  });
});
