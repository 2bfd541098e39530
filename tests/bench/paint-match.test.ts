import { describe, expect, it } from 'vitest';
import { shows, valueLatencies } from '../../bench/paint-match';

describe('a row shows a streamed price', () => {
  it('to the decimals it prints, with separators', () => {
    expect(shows('1.08523', '1.08523')).toBe(true);
    expect(shows('1.0852', '1.08523')).toBe(true);
    expect(shows('1.0853', '1.08523')).toBe(false);
    expect(shows('7,512.3', '7512.3')).toBe(true);
    expect(shows('7,512.3', '7512.4')).toBe(false);
    expect(shows('', '1')).toBe(false);
  });
});

describe('tick-to-repaint matching', () => {
  const row = (at: number, bid: string, offer: string) => ({ at, epic: 'A', bid, offer });

  it('times each update to the first change of its row that shows its prices', () => {
    const { latencies, unshown } = valueLatencies(
      [
        { at: 100, epic: 'A', bid: '1.5', offer: '1.6' },
        { at: 300, epic: 'A', bid: '1.7' },
      ],
      [row(90, '1.4', '1.6'), row(140, '1.5', '1.6'), row(420, '1.7', '1.6')],
    );
    expect(latencies).toEqual([40, 120]);
    expect(unshown).toBe(0);
  });

  it('counts an update a newer one overtook as never shown, rather than timing it to the newer one', () => {
    const { latencies, unshown } = valueLatencies(
      [
        { at: 100, epic: 'A', bid: '1.5' },
        { at: 200, epic: 'A', bid: '1.6' },
      ],
      [row(500, '1.6', '2')],
    );
    expect(latencies).toEqual([300]);
    expect(unshown).toBe(1);
  });

  it('ignores other markets, changes before the send, and updates without a price', () => {
    const { latencies, unshown } = valueLatencies(
      [
        { at: 100, epic: 'A', bid: '1.5' },
        { at: 100, epic: 'A', bid: null },
      ],
      [row(50, '1.5', '2'), { at: 120, epic: 'B', bid: '1.5', offer: '2' }, row(7000, '1.5', '2')],
    );
    expect(latencies).toEqual([]);
    expect(unshown).toBe(1);
  });
});
