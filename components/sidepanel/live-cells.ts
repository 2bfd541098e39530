// The streamed cells of a watchlist row, written straight into their own nodes: a streamed quote changes the
// text of the cells whose values moved (an attribute for the range bar and the sparkline) and nothing else,
// with no element diffed. Preact draws each cell's <td> (its class and place); what is inside it is written
// here only, after every draw of the row and on every streamed quote, so the row's markup and its streamed
// values each have one source.
import { i18n } from '#i18n';
import {
  formatLocale,
  formatPrice,
  formatShare,
  formatTime,
  marketDecimals,
  midOf,
  spreadOf,
  trendOf,
} from '../../lib/format';
import { fractionPad, type RowNumbers, splitDecimal } from '../../lib/sidepanel/number-columns';
import type { RowModel } from '../../lib/sidepanel/rows';
import { arrowOf } from '../../lib/sidepanel/table-layout';
import { type ColumnId, rangePosition } from '../../lib/watchlists/columns';
import { sparkShape } from '../Sparkline';
import { wordsOnce } from './WatchlistCells';

export interface CellInput {
  row: RowModel;
  n: RowNumbers;
  spark: (number | null)[] | undefined;
  sparklines: boolean;
  /** The sparkline's accessible name for a market. */
  sparkLabel: (market: string) => string;
}

export type CellWriter = (input: CellInput) => void;

const SPARK_WIDTH = 64;
const SPARK_HEIGHT = 18;
const SVG = 'http://www.w3.org/2000/svg';
const VIEW_BOX = `0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`;

/** A text node that is written only when its text changed. */
function text(parent: Node): (value: string) => void {
  const node = parent.appendChild(document.createTextNode(''));
  return (value) => {
    if (node.data !== value) node.data = value;
  };
}

function element(parent: Node, tag: string, cls = ''): HTMLElement {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  return parent.appendChild(el);
}

/** Sets an attribute only when its value changed: the browser restyles or lays out for a value set again. */
function setAttr(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

const setClass = (el: Element, cls: string) => setAttr(el, 'class', cls);

/**
 * A number as one text node, padded after its decimal part (number-columns fractionPad) so that the points of
 * a column line up: one text run to draw a number, where a whole part and a decimal part in a box were two.
 */
function decimal(span: HTMLElement): (value: string) => void {
  const write = text(span);
  let shown: string | null = null;
  let pad: string | null = null;
  return (value) => {
    if (value === shown) return;
    shown = value;
    write(value);
    const now = fractionPad(splitDecimal(value)[1]);
    if (now !== pad) span.style.paddingInlineEnd = pad = now;
  };
}

/** Text formatted again only when what it shows changed (its inputs and the user's locale): Intl is costly. */
function formatted<A extends unknown[]>(write: (value: string) => void, format: (...args: A) => string) {
  let locale: string | null = null;
  let last: A | null = null;
  return (...args: A) => {
    const now = formatLocale();
    if (now === locale && last && args.every((v, i) => v === last![i])) return;
    locale = now;
    last = args;
    write(format(...args));
  };
}

/** A price the row works out (mid, spread, the day's high or low). */
function price(td: HTMLElement, of: (q: RowModel['quote']) => number | null): CellWriter {
  const write = formatted(decimal(element(td, 'span')), (v: number | null, d: number | undefined) => formatPrice(v, d));
  return ({ row }) => write(of(row.quote), marketDecimals(row.quote));
}

function change(td: HTMLElement): CellWriter {
  const span = element(td, 'span');
  const write = decimal(span);
  return ({ row, n }) => {
    setClass(span, trendOf(row.quote.netChange));
    write(n.change);
  };
}

function changePct(td: HTMLElement): CellWriter {
  const span = element(td, 'span');
  const arrow = element(span, 'span');
  arrow.setAttribute('aria-hidden', 'true');
  const writeArrow = text(arrow);
  const write = text(span);
  return ({ row, n }) => {
    const pct = row.quote.percentageChange;
    setClass(span, trendOf(pct));
    writeArrow(arrowOf(pct));
    write(n.pct);
  };
}

function updated(td: HTMLElement): CellWriter {
  const span = element(td, 'span');
  // The time shows whole seconds: formatted again when its second changed.
  const write = formatted(text(span), (second: number | null) => (second === null ? '–' : formatTime(second * 1000)));
  return ({ row }) => {
    const at = row.quote.updatedAt;
    setClass(span, at ? '' : 'muted');
    write(at ? Math.floor(at / 1000) : null);
  };
}

const SLOT = '\u0001';

/** Where the price stands in the day's range: a mark along a bar, or a dash without a range. */
function range(td: HTMLElement): CellWriter {
  let shown: number | null | undefined;
  let mark: HTMLElement | null = null;
  let bar: HTMLElement | null = null;
  // Its words with a slot for the position, asked of the browser once a row (getMessage costs a frame's time).
  let words: string | null = null;
  return ({ row }) => {
    const at = rangePosition(row.quote);
    const pct = at === null ? null : Math.round(at * 100);
    if (pct === shown) return;
    if (pct === null || shown === null || shown === undefined) {
      td.textContent = '';
      if (pct === null) element(td, 'span', 'muted').textContent = '–';
      else {
        bar = element(td, 'span', 'range-bar');
        bar.setAttribute('role', 'img');
        mark = element(bar, 'span', 'range-bar__mark');
      }
    }
    shown = pct;
    if (pct !== null && bar && mark) {
      words ??= i18n.t('watchlistRange.position', { position: SLOT });
      setAttr(bar, 'aria-label', words.replace(SLOT, formatShare(pct)));
      // The mark is the background of a box as wide as the bar (CSS .range-bar__mark): it moves with no layout,
      // and what it repaints stays in one place.
      mark.style.backgroundPositionX = `${pct}%`;
    }
  };
}

/** The market's recent prices as a line: drawn again only when its points or its name changed. */
function sparkline(td: HTMLElement): CellWriter {
  let svg: SVGSVGElement | null = null;
  let path: SVGPathElement | null = null;
  let drawn: { spark: unknown; label: string } | null = null;
  // Asked of the browser once a name: a trail too short to draw still changes with every tick.
  const tooShort = wordsOnce((label: string) => i18n.t('market.notEnoughData', { label }));
  return ({ row, spark, sparklines, sparkLabel }) => {
    if (!sparklines) {
      svg?.remove();
      svg = path = null;
      drawn = null;
      return;
    }
    const label = sparkLabel(row.quote.instrumentName);
    if (drawn && drawn.spark === spark && drawn.label === label) return;
    drawn = { spark, label };
    if (!svg) {
      svg = td.appendChild(document.createElementNS(SVG, 'svg'));
      svg.setAttribute('width', String(SPARK_WIDTH));
      svg.setAttribute('height', String(SPARK_HEIGHT));
      svg.setAttribute('role', 'img');
    }
    const shape = sparkShape(spark ?? [], SPARK_WIDTH, SPARK_HEIGHT);
    setClass(svg, shape ? `sparkline ${shape.trend}` : 'sparkline');
    setAttr(svg, 'aria-label', shape ? label : tooShort(label));
    if (!shape) {
      svg.removeAttribute('viewBox');
      path?.remove();
      path = null;
      return;
    }
    setAttr(svg, 'viewBox', VIEW_BOX);
    if (!path) {
      path = svg.appendChild(document.createElementNS(SVG, 'path'));
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', 'currentColor');
      path.setAttribute('stroke-width', '1.5');
    }
    setAttr(path, 'd', shape.d);
  };
}

const WRITERS: Partial<Record<ColumnId, (td: HTMLElement) => CellWriter>> = {
  bid: (td) => {
    const write = decimal(element(td, 'span'));
    return ({ n }) => write(n.bid);
  },
  offer: (td) => {
    const write = decimal(element(td, 'span'));
    return ({ n }) => write(n.offer);
  },
  mid: (td) => price(td, (q) => midOf(q.bid, q.offer)),
  high: (td) => price(td, (q) => q.high),
  low: (td) => price(td, (q) => q.low),
  spread: (td) => price(td, (q) => spreadOf(q.bid, q.offer)),
  change,
  changePct,
  range,
  updated,
  spark: sparkline,
};

/** The writer of a streamed column's cell, which it fills (it must be empty); it writes only what changed. */
export function cellWriter(id: ColumnId, td: HTMLElement): CellWriter {
  const make = WRITERS[id];
  if (!make) throw new Error(`${id} is not a streamed column`);
  td.textContent = '';
  return make(td);
}
