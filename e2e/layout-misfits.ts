// What does not fit on a page, as a list a journey expects to be empty: sideways overflow, numbers clipped, a
// cell's content squeezed to nothing, a watchlist header wrapped, off its column or running over its values,
// and anything that overlaps: two
// header labels, a header label and another column's values, a row cell's content and its neighbour's, or
// content spilling out of its cell (clipped). Boxes are the content's own (text and child boxes, measured
// with a Range), not the cells', so a label wider than its track is caught even when the track is not.
import type { Page } from '@playwright/test';

export function misfits(page: Page): Promise<string[]> {
  return page.evaluate((CELLS) => {
    const found: string[] = [];
    const root = document.documentElement;
    const EPS = 0.5;
    type Rect = { left: number; right: number; top: number; bottom: number };
    const name = (el: Element) => `${[...el.classList].find((c) => c.startsWith('wl-')) ?? el.tagName}`;
    const text = (el: Element) => `"${(el.textContent ?? '').trim()}"`;
    /** The box of what an element shows: its text and its descendants' boxes, wherever they are drawn. */
    const inkOf = (el: Element): Rect | null => {
      const rects: DOMRect[] = [];
      const visit = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...range.getClientRects());
          return;
        }
        if (!(node instanceof Element)) return;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return;
        const box = node.getBoundingClientRect();
        // Words kept for screen readers alone (1 px, clipped) are not drawn.
        if (box.width <= 1 && box.height <= 1 && style.overflow === 'hidden') return;
        if (node !== el) rects.push(box);
        if (node instanceof SVGElement) return;
        for (const child of node.childNodes) visit(child);
      };
      visit(el);
      const drawn = rects.filter((r) => r.width > 0 && r.height > 0);
      if (drawn.length === 0) return null;
      return {
        left: Math.min(...drawn.map((r) => r.left)),
        right: Math.max(...drawn.map((r) => r.right)),
        top: Math.min(...drawn.map((r) => r.top)),
        bottom: Math.max(...drawn.map((r) => r.bottom)),
      };
    };
    const meet = (a: Rect, b: Rect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPS &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > EPS;
    const across = (a: Rect, b: Rect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPS;
    const outside = (inner: Rect, outer: Rect) => inner.left < outer.left - EPS || inner.right > outer.right + EPS;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };

    const scroller = document.querySelector<HTMLElement>('[data-testid="panel-rows"]');
    // Sideways: a table that scrolls sideways on purpose scrolls inside its own box; the page never does.
    if (root.scrollWidth > root.clientWidth) {
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
        (el) => el.getBoundingClientRect().right > root.clientWidth + 1 && el.children.length === 0,
      );
      const names = wide.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent}"`);
      found.push(`page ${root.scrollWidth} px wide in ${root.clientWidth}: ${names.join(', ')}`);
    }
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 1)
      found.push(`watchlist ${scroller.scrollWidth} px wide in ${scroller.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('.num, td.wl-bid, td.wl-offer, td.wl-chg, td.wl-pct')) {
      if (shown(el) && el.scrollWidth > el.clientWidth + 1) found.push(`clipped number "${el.textContent}"`);
    }
    // A row's cells that do not clip (watchlist-rows.css) must fit what they hold.
    for (const cell of document.querySelectorAll<HTMLElement>('.wl-row td')) {
      if (!shown(cell) || getComputedStyle(cell).overflowX !== 'visible') continue;
      if (cell.scrollWidth > cell.clientWidth + 1)
        found.push(`${cell.className} holds ${cell.scrollWidth} px in ${cell.clientWidth}`);
    }

    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="panel-row"]')].filter(shown);
    const firstRow = rows[0];
    const headers = [...document.querySelectorAll<HTMLTableCellElement>('th[class*="wl-th--"]')].filter(shown);
    const labels: { id: string; th: HTMLTableCellElement; ink: Rect }[] = [];
    for (const th of headers) {
      const label = th.querySelector('button') ?? th;
      const box = label.getBoundingClientRect();
      const id = [...th.classList].find((c) => c.startsWith('wl-th--'))?.slice('wl-th--'.length) ?? '?';
      const ink = inkOf(label);
      if (!ink) continue;
      labels.push({ id, th, ink });
      const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight) || 16;
      if (label.scrollWidth > label.clientWidth + 1 || outside(ink, th.getBoundingClientRect()))
        found.push(`header ${text(label)} clipped`);
      if (firstRow && box.bottom > firstRow.getBoundingClientRect().top + 1)
        found.push(`header ${text(label)} runs over its values`);
      if (box.height > lineHeight * 2.2) found.push(`header ${text(label)} wraps (${box.height} px)`);
      const cell = firstRow?.querySelector(`td.${CELLS[id] ?? `wl-${id}`}`)?.getBoundingClientRect();
      if (cell && !across(ink, cell)) found.push(`header ${text(label)} is not over its column`);
    }
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i] as (typeof labels)[number];
        const b = labels[j] as (typeof labels)[number];
        if (meet(a.ink, b.ink)) found.push(`headers "${a.th.textContent}" and "${b.th.textContent}" overlap`);
      }

    for (const row of rows) {
      const rowBox = row.getBoundingClientRect();
      const cells = [...row.querySelectorAll<HTMLTableCellElement>(':scope > td')].filter(shown);
      // The market's name may end in an ellipsis (its full name is the button's name and title): what it
      // shows is what fits in its cell.
      const truncates = (td: Element) => td.classList.contains('wl-name');
      const inks = cells.map((td) => {
        const box = td.getBoundingClientRect();
        const ink = inkOf(td);
        if (ink && truncates(td)) {
          ink.left = Math.max(ink.left, box.left);
          ink.right = Math.min(ink.right, box.right);
        }
        return { td, box, ink };
      });
      for (const { td, box, ink } of inks) {
        if (ink && outside(ink, box)) found.push(`${name(td)} ${text(td)} clipped in ${row.dataset.epic}`);
      }
      // A cell with something to show squeezed to nothing (its column shrank away) is not shown at all.
      for (const td of row.querySelectorAll<HTMLTableCellElement>(':scope > td')) {
        const something = (td.textContent ?? '').trim() || td.querySelector('svg, img, [role="img"]');
        if (something && getComputedStyle(td).display !== 'none' && td.getBoundingClientRect().width < 4)
          found.push(`${name(td)} ${text(td)} squeezed to nothing in ${row.dataset.epic}`);
      }
      for (let i = 0; i < inks.length; i++)
        for (let j = i + 1; j < inks.length; j++) {
          const a = inks[i] as (typeof inks)[number];
          const b = inks[j] as (typeof inks)[number];
          if (a.ink && b.ink && meet(a.ink, b.ink))
            found.push(`${name(a.td)} ${text(a.td)} overlaps ${name(b.td)} ${text(b.td)} in ${row.dataset.epic}`);
        }
      // A header label stays off other columns' values on its line (its own cell's line in the row).
      for (const { id, th, ink } of labels) {
        const own = row.querySelector(`td.${CELLS[id] ?? `wl-${id}`}`)?.getBoundingClientRect();
        if (!own) continue;
        for (const { td, ink: value } of inks) {
          if (!value || td.classList.contains(CELLS[id] ?? `wl-${id}`)) continue;
          const sameLine = value.top < own.bottom - EPS && value.bottom > own.top + EPS;
          if (sameLine && across(ink, value) && value.top >= rowBox.top - EPS)
            found.push(`header "${th.textContent}" over ${name(td)} ${text(td)} in ${row.dataset.epic}`);
        }
      }
    }
    return found;
  }, CELLS);
}

/** The class of a column's cells where it is not `wl-<id>` (components/sidepanel/WatchlistCells.tsx). */
const CELLS: Record<string, string> = {
  change: 'wl-chg',
  changePct: 'wl-pct',
  sentiment: 'wl-sent',
  status: 'wl-stat',
  updated: 'wl-upd',
};

/**
 * Where each number of a watchlist column has its decimal point, by the class of the column's cells: the left
 * edge of the separator in the number's text (a Range over that character), or the number's end when it has no
 * point. Cells not shown (a column the layout hides) and cells showing no digit (a dash) are left out.
 */
export function decimalPoints(page: Page, cells: string[], separator: string): Promise<Record<string, number[]>> {
  return page.evaluate(pointsInPage, [cells, separator] as const);
}

/** decimalPoints' work in the page, for a driver of its own (Firefox's puppeteer: `page.evaluate(pointsInPage, …)`). */
export function pointsInPage([cells, separator]: readonly [readonly string[], string]): Record<string, number[]> {
  const pointOf = (td: Element): number | null => {
    const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode() as Text | null; node; node = walk.nextNode() as Text | null) {
      if (!/\d/.test(node.data)) continue;
      const range = document.createRange();
      const at = node.data.indexOf(separator);
      if (at < 0) {
        range.selectNodeContents(node);
        return range.getBoundingClientRect().right;
      }
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().left;
    }
    return null;
  };
  return Object.fromEntries(
    cells.map((cell) => [
      cell,
      [...document.querySelectorAll(`[data-testid="panel-row"] td.${cell}`)]
        .filter((td) => td.getClientRects().length > 0)
        .map(pointOf)
        .filter((x): x is number => x !== null),
    ]),
  );
}

/**
 * What is out of line in decimalPoints' answer, as a list a journey expects to be empty: a column with another
 * count of numbers than `count(cell)`, or whose points are not at one place (to within a twentieth of a pixel:
 * layout places text in 64ths of one; a digit is about 7 px, a separator 3).
 */
export function pointsOutOfLine(points: Record<string, number[]>, count: (cell: string) => number): string[] {
  const found: string[] = [];
  for (const [cell, xs] of Object.entries(points)) {
    if (xs.length !== count(cell)) found.push(`${cell}: ${xs.length} numbers, not ${count(cell)}`);
    if (xs.length && Math.max(...xs) - Math.min(...xs) >= 0.05) found.push(`${cell}: points at ${xs.join(', ')}`);
  }
  return found;
}
