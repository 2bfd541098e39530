// @vitest-environment happy-dom
// The layout of chosen columns never clips a number (columns wrap onto another line instead), and a market's
// state shown as a mark in a narrow status column keeps its words for screen readers and on hover.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MarketStatusTag } from '../../components/MarketStatusTag';
import { statusLabel, statusMark } from '../../lib/format';
import {
  COMPACT_ROW_HEIGHT,
  CUSTOM_MIN_COLUMN,
  customLayout,
  defaultLayout,
  HEAD_HEIGHT,
  NARROW_BELOW,
  ROW_HEIGHT,
} from '../../lib/sidepanel/table-layout';

afterEach(cleanup);

/** The width of each column track the CSS grid gives at that layout (tracks share what the chrome leaves). */
const trackWidth = (width: number, perLine: number) => (width - 29 - 4 * perLine) / perLine;

describe('customLayout', () => {
  it('keeps every column at least as wide as its widest number, at 320, 400 and 600 px', () => {
    // 11 digits' width (an index's thousands and an FX pair's five decimals, points aligned) at 7.63 px a digit.
    const numberPx = 11 * 7.63;
    for (const panel of [320, 400, 600]) {
      const width = panel - 16;
      const { perLine, lines } = customLayout(13, width, numberPx);
      expect(trackWidth(width, perLine), `at ${panel} px`).toBeGreaterThanOrEqual(numberPx);
      expect(lines).toBe(1 + Math.ceil(13 / perLine));
    }
    expect(customLayout(13, 304, numberPx).perLine).toBe(3);
    expect(customLayout(13, 584, numberPx).perLine).toBe(6);
  });

  it('fits more columns on a line when the numbers are short, never fewer than one', () => {
    expect(customLayout(13, 304, 40).perLine).toBe(Math.floor((304 - 29) / (CUSTOM_MIN_COLUMN + 4)));
    expect(trackWidth(304, customLayout(13, 304, 40).perLine)).toBeGreaterThanOrEqual(CUSTOM_MIN_COLUMN);
    expect(customLayout(13, 304, 400).perLine).toBe(1);
    expect(customLayout(2, 584, 40).perLine).toBe(2);
  });
});

describe('defaultLayout', () => {
  it("takes three taller lines below a 320 px panel's table (Firefox's 240 px sidebar), two from there on", () => {
    const narrow = defaultLayout(224, true);
    expect(narrow.narrow).toBe(true);
    expect(narrow.rowHeight).toBeGreaterThan(ROW_HEIGHT);
    expect(narrow.headHeight).toBeGreaterThan(HEAD_HEIGHT);
    expect(defaultLayout(NARROW_BELOW - 1, false).narrow).toBe(true);
    expect(defaultLayout(NARROW_BELOW, true)).toEqual({
      narrow: false,
      rowHeight: ROW_HEIGHT,
      headHeight: HEAD_HEIGHT,
    });
    expect(defaultLayout(600, false)).toEqual({
      narrow: false,
      rowHeight: COMPACT_ROW_HEIGHT,
      headHeight: HEAD_HEIGHT,
    });
  });
});

describe('a market state in a narrow cell', () => {
  it('has a mark for each state that is not plainly open: ⊘ where nothing can be dealt, ◐ where some can', () => {
    expect(statusMark('TRADEABLE')).toBe('');
    for (const s of ['CLOSED', 'OFFLINE', 'SUSPENDED']) expect(statusMark(s), s).toBe('⊘');
    for (const s of ['EDITS_ONLY', 'CLOSINGS_ONLY', 'ON_AUCTION', 'ON_AUCTION_NO_EDITS', 'DEAL_NO_EDIT'])
      expect(statusMark(s), s).toBe('◐');
    expect(statusMark('SOMETHING_NEW')).toBe('?');
  });

  it('keeps the words in the tag (read by screen readers) and in its title (shown on hover); the mark is hidden from them', () => {
    const { container } = render(<MarketStatusTag status="EDITS_ONLY" />);
    const tag = container.querySelector('.status-tag') as HTMLElement;
    expect(tag.title).toBe(statusLabel('EDITS_ONLY'));
    expect(tag.querySelector('.status-tag__words')?.textContent).toBe(statusLabel('EDITS_ONLY'));
    const mark = tag.querySelector('.status-tag__mark') as HTMLElement;
    expect(mark.textContent).toBe('◐');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows nothing for an open market', () => {
    const { container } = render(<MarketStatusTag status="TRADEABLE" />);
    expect(container.textContent).toBe('');
  });
});
