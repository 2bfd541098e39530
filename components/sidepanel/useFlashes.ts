// Which rows of a watchlist flash, and which way: a row's price moved since the rows before.
import { useRef } from 'preact/hooks';
import type { MarketQuote } from '../../lib/model';
import { type Flash, priceMoves, type RowModel } from '../../lib/sidepanel/rows';

export const FLASH_MS = 1500;

export interface FlashMark {
  dir: Flash;
  at: number;
  seq: number;
}

/** Remembers each row's last price and marks the rows whose price moved since the previous rows. */
export function useFlashes(rows: RowModel[]): Map<string, FlashMark> {
  const state = useRef<{ rows: RowModel[] | null; quotes: Map<string, MarketQuote>; marks: Map<string, FlashMark> }>({
    rows: null,
    quotes: new Map(),
    marks: new Map(),
  });
  const s = state.current;
  if (s.rows !== rows) {
    const now = Date.now();
    for (const [epic, dir] of priceMoves(
      s.quotes,
      rows.map((r) => r.quote),
    )) {
      s.marks.set(epic, { dir, at: now, seq: (s.marks.get(epic)?.seq ?? 0) + 1 });
    }
    for (const [epic, mark] of s.marks) if (now - mark.at > FLASH_MS) s.marks.delete(epic);
    s.rows = rows;
    s.quotes = new Map(rows.map((r) => [r.epic, r.quote]));
  }
  return s.marks;
}
