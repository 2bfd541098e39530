// The cache's `changed` announcements while a list streams: the markets the stream showed since are not read
// back, the rest are one read at most once a second, and a market the stream does not carry is read at once.
import { describe, expect, it } from 'vitest';
import { ChangedReads } from '../../lib/sidepanel/changed-reads';
import { ManualTimeouts } from '../helpers/manual-timeouts';

function setup() {
  const clock = new ManualTimeouts();
  const reads: string[][] = [];
  const reader = new ChangedReads({ read: (e) => reads.push([...e]), now: () => clock.now, timers: clock });
  return { clock, reads, reader };
}

const EUR = 'CS.D.EURUSD.TODAY.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const DAX = 'IX.D.DAX.DAILY.IP';

describe('reading back what the cache says changed', () => {
  it('a market written ten times a second while it streams is not read back at all', () => {
    const { clock, reads, reader } = setup();
    // Each update: the quote (the page shows it), then the write announced 40 ms later.
    for (let i = 0; i < 50; i++) {
      reader.streamed(EUR);
      clock.advance(40);
      reader.changed([EUR]);
      clock.advance(60);
    }
    reader.streamed(EUR);
    clock.advance(2_000);
    expect(reads).toEqual([]);
  });

  it('a streamed market written again with no quote after it is read once, a second after the last write', () => {
    const { clock, reads, reader } = setup();
    reader.streamed(EUR);
    clock.advance(40);
    reader.changed([EUR]);
    clock.advance(30);
    reader.changed([EUR]);
    clock.advance(999);
    expect(reads).toEqual([]);
    clock.advance(1);
    expect(reads).toEqual([[EUR]]);
    clock.advance(3_000);
    expect(reads).toEqual([[EUR]]);
  });

  it('a market the stream does not carry is read at once, then at most once a second in one read', () => {
    const { clock, reads, reader } = setup();
    reader.changed([FTSE]);
    clock.advance(1);
    expect(reads).toEqual([[FTSE]]);
    // A burst of writes within the second: one read of all of them when the second is over.
    for (const epic of [FTSE, DAX, FTSE]) {
      clock.advance(100);
      reader.changed([epic]);
    }
    clock.advance(600);
    expect(reads).toEqual([[FTSE]]);
    clock.advance(200);
    expect(reads).toEqual([[FTSE], [FTSE, DAX]]);
  });

  it('a written market whose stream went quiet is read (the quote it had is older than the write)', () => {
    const { clock, reads, reader } = setup();
    reader.streamed(EUR);
    clock.advance(5_000);
    reader.changed([EUR]);
    clock.advance(1);
    expect(reads).toEqual([[EUR]]);
  });

  it('a polled market written beside streamed ones is read at once, the streamed ones wait for their quote', () => {
    const { clock, reads, reader } = setup();
    reader.streamed(EUR);
    clock.advance(40);
    reader.changed([EUR, FTSE]);
    clock.advance(1);
    expect(reads).toEqual([[FTSE]]);
    clock.advance(200);
    reader.streamed(EUR);
    clock.advance(3_000);
    expect(reads).toEqual([[FTSE]]);
  });

  it('reads nothing once cleared', () => {
    const { clock, reads, reader } = setup();
    reader.streamed(EUR);
    reader.changed([EUR]);
    reader.clear();
    clock.advance(3_000);
    expect(reads).toEqual([]);
  });
});
