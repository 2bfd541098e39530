import { describe, expect, it, vi } from 'vitest';
import { MarketWatch } from '../../lib/background/sources/market-watch';
import { LiveStream, type StreamView, WRITE_GAP_MS } from '../../lib/background/stream/live-stream';
import type { SnapshotEntry } from '../../lib/cache/entry';
import { CacheWriterImpl, isolatedStores } from '../../lib/cache/writer';
import type { CacheStoreName, StreamedQuote } from '../../lib/messages/contract';
import type { Fresh, MarketQuote } from '../../lib/model';
import { FakeMarketData } from '../background/fake-market-data';
import { FakeClock, FakeLink, flush } from './fakes';

let n = 0;
const A = 'CS.D.EURUSD.CFD.IP';
const B = 'IX.D.FTSE.DAILY.IP';

async function setup(opts: { targets?: string[]; withoutPages?: boolean } = {}) {
  const clock = new FakeClock();
  const changes: [CacheStoreName, string[]][] = [];
  const cache = new CacheWriterImpl({
    now: clock.now,
    open: isolatedStores(`ls-${n++}`),
    onChange: (store, keys) => changes.push([store, keys]),
  });
  const data = new FakeMarketData();
  const holder: { stream?: LiveStream } = {};
  const markets = new MarketWatch({
    data: async () => data,
    cache,
    now: clock.now,
    streamed: () => holder.stream?.streamed() ?? new Set(),
  });
  await markets.quotes([A, B]);
  const links: FakeLink[] = [];
  const states: StreamView[] = [];
  const streamedQuotes: Fresh<MarketQuote>[] = [];
  const early: StreamedQuote[] = [];
  let targets = opts.targets ?? [A, B];
  const stream: LiveStream = new LiveStream({
    createLink: async () => {
      const l = new FakeLink();
      links.push(l);
      return l;
    },
    credentials: async () => ({ endpoint: 'http://s/', user: 'ACC1', password: 'CST-x|XST-y' }),
    cache,
    targets: async () => ({ epics: targets, marketIds: [] }),
    withoutPages: opts.withoutPages ?? true,
    afterStreamed: async (q) => {
      streamedQuotes.push(...q);
    },
    announceQuotes: (q) => {
      early.push(...q);
    },
    stateChanged: (s) => states.push(s),
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  holder.stream = stream;
  changes.length = 0;
  const requests = () => data.count('markets');
  const last = () => links[links.length - 1] as FakeLink;
  return {
    clock,
    cache,
    data,
    markets,
    stream,
    links,
    states,
    changes,
    streamedQuotes,
    early,
    requests,
    setTargets: (t: string[]) => {
      targets = t;
    },
    last,
    /** The stream started and its link live. */
    goLive: async () => {
      await stream.update(true);
      await flush();
      last().goLive();
    },
    /** The id of the live link's price subscription. */
    pricingSub: () => [...last().subs.values()].find((s) => s.adapter === 'Pricing')?.id as string,
  };
}

describe('the background stream owner', () => {
  it('subscribes the targets as PRICE items on the Pricing adapter, with a heartbeat', async () => {
    const t = await setup();
    await t.goLive();
    const subs = [...t.last().subs.values()];
    expect(subs.find((s) => s.id === 'hb')?.items).toEqual(['TRADE:HB.U.HEARTBEAT.IP']);
    const price = subs.find((s) => s.adapter === 'Pricing');
    expect(price?.items).toEqual([`PRICE:ACC1:${A}`, `PRICE:ACC1:${B}`]);
    expect(price?.mode).toBe('MERGE');
    expect(t.states.at(-1)).toEqual({ mode: 'live', reason: null });
  });

  it('writes streamed prices into the cache and announces them; other fields stay', async () => {
    const t = await setup();
    await t.goLive();
    const before = (await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry;
    t.last().push(t.pricingSub(), `PRICE:ACC1:${A}`, { BIDPRICE1: '2.5', TIMESTAMP: String(t.clock.t) });
    await flush();
    const after = (await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry;
    expect(after.value).toEqual({ ...before.value, bid: 2.5, updatedAt: t.clock.t });
    expect(t.changes).toContainEqual(['snapshots', [A]]);
    expect(t.streamedQuotes.map((q) => q.value.epic)).toEqual([A]);
  });

  it('writes at most one batch every WRITE_GAP_MS, each with all that arrived since; every price is announced on arrival', async () => {
    const t = await setup();
    await t.goLive();
    const sub = t.pricingSub();
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.5' });
    t.last().push(sub, `PRICE:ACC1:${B}`, { BIDPRICE1: '7000' });
    await flush();
    let writes = 0;
    const update = t.cache.update.bind(t.cache);
    vi.spyOn(t.cache, 'update').mockImplementation(async (...args: Parameters<typeof update>) => {
      writes++;
      return update(...args);
    });
    const bids = ['2.51', '2.52', '2.53', '2.54', '2.55'];
    for (const bid of bids) {
      await t.clock.advance(WRITE_GAP_MS / 10);
      t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: bid });
      t.last().push(sub, `PRICE:ACC1:${B}`, { BIDPRICE1: `70${bid.slice(-2)}` });
    }
    expect(t.early.filter((q) => q.quote.epic === A).map((q) => q.quote.bid)).toEqual(bids.map(Number));
    expect(writes).toBe(0);
    const afterStreamed = t.streamedQuotes.length;
    await t.clock.advance(WRITE_GAP_MS);
    expect(writes).toBe(1);
    const stored = async (epic: string) =>
      ((await t.cache.get<MarketQuote>('snapshots', epic)) as SnapshotEntry).value.bid;
    expect([await stored(A), await stored(B)]).toEqual([2.55, 7055]);
    const alerted = t.streamedQuotes.slice(afterStreamed).map((q) => [q.value.epic, q.value.bid]);
    expect(alerted.sort()).toEqual([
      [A, 2.55],
      [B, 7055],
    ]);
    await t.clock.advance(10 * WRITE_GAP_MS);
    expect(writes).toBe(1);
  });

  it('while live, its markets are fresh in the cache however old, so nothing is fetched for them', async () => {
    const t = await setup();
    await t.goLive();
    const before = t.requests();
    await t.clock.advance(25_000);
    t.last().push('hb', 'TRADE:HB.U.HEARTBEAT.IP', { HEARTBEAT: '1' });
    const quotes = await t.markets.quotes([A, B]);
    expect(quotes.every((q) => !q.stale)).toBe(true);
    await flush();
    expect(t.requests()).toBe(before);
  });

  it("announces a written market's next price with its values at once, before the cache has it", async () => {
    const t = await setup();
    await t.goLive();
    const sub = t.pricingSub();
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.5' });
    await flush();
    expect(t.early).toEqual([]);
    const written = (await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry;

    let writes = 0;
    const update = t.cache.update.bind(t.cache);
    vi.spyOn(t.cache, 'update').mockImplementation(async (...args: Parameters<typeof update>) => {
      writes++;
      return update(...args);
    });
    t.last().push(sub, `PRICE:ACC1:${A}`, { ASKPRICE1: '2.7' });
    // Told synchronously, on arrival: no cache read or write stands before it.
    expect(t.early.map((q) => q.quote)).toEqual([{ ...written.value, bid: 2.5, offer: 2.7 }]);
    expect(t.early[0]?.trail.length).toBe(written.trail.length);
    expect(t.early[0]?.trail.at(-1)).toBeCloseTo(2.6);
    await flush();
    expect(writes).toBe(0);
    await t.clock.advance(WRITE_GAP_MS);
    expect(writes).toBe(1);
    expect(((await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry).value).toEqual(t.early[0]?.quote);
  });

  it('a failed write goes again with the next one, and nothing is announced ahead of the cache until then', async () => {
    const t = await setup();
    await t.goLive();
    const sub = t.pricingSub();
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.5' });
    await flush();
    vi.spyOn(t.cache, 'update').mockRejectedValueOnce(new Error('QuotaExceededError'));
    t.last().push(sub, `PRICE:ACC1:${A}`, { ASKPRICE1: '2.7' });
    await t.clock.advance(WRITE_GAP_MS);
    expect(t.early).toHaveLength(1);
    expect(((await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry).value.offer).not.toBe(2.7);

    // Tried again with the next arrival, not on a timer of its own.
    await t.clock.advance(10 * WRITE_GAP_MS);
    expect(((await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry).value.offer).not.toBe(2.7);
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.4' });
    expect(t.early).toHaveLength(1);
    await flush();
    const stored = ((await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry).value;
    expect([stored.bid, stored.offer]).toEqual([2.4, 2.7]);
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.3' });
    expect(t.early.at(-1)?.quote).toEqual({ ...stored, bid: 2.3 });
  });

  it('after another writer changed a market, its next price is announced only once written over that', async () => {
    const t = await setup();
    await t.goLive();
    const sub = t.pricingSub();
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.5' });
    await flush();
    const entry = (await t.cache.get<MarketQuote>('snapshots', A)) as SnapshotEntry;
    await t.cache.put('snapshots', A, { ...entry.value, instrumentName: 'Renamed' });
    t.stream.cacheChanged([A]);
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.6' });
    expect(t.early).toEqual([]);
    await t.clock.advance(WRITE_GAP_MS);
    t.last().push(sub, `PRICE:ACC1:${A}`, { BIDPRICE1: '2.7' });
    expect(t.early.map((q) => [q.quote.instrumentName, q.quote.bid])).toEqual([['Renamed', 2.7]]);
  });

  it('forgets a market it stops streaming: back on screen, its first price is announced once written', async () => {
    const t = await setup();
    await t.goLive();
    const sub = () => [...t.last().subs.values()].find((s) => s.items.includes(`PRICE:ACC1:${A}`))?.id as string;
    t.last().push(sub(), `PRICE:ACC1:${A}`, { BIDPRICE1: '2.5' });
    await flush();
    t.setTargets([B]);
    await t.stream.update(true);
    t.setTargets([A, B]);
    await t.stream.update(true);
    await flush();
    t.last().push(sub(), `PRICE:ACC1:${A}`, { BIDPRICE1: '2.6' });
    expect(t.early).toEqual([]);
    await t.clock.advance(WRITE_GAP_MS);
    t.last().push(sub(), `PRICE:ACC1:${A}`, { BIDPRICE1: '2.7' });
    expect(t.early.map((q) => q.quote.bid)).toEqual([2.7]);
  });

  it('an update for a market the cache does not know writes nothing', async () => {
    const t = await setup();
    await t.goLive();
    t.last().push('p1', 'PRICE:ACC1:UNKNOWN.EPIC.X', { BIDPRICE1: '1' });
    await flush();
    expect(await t.cache.get('snapshots', 'UNKNOWN.EPIC.X')).toBeUndefined();
    expect(t.changes).toEqual([]);
  });

  it('a page adding a market adds a subscription without touching the others', async () => {
    const t = await setup({ targets: [A] });
    await t.goLive();
    t.last().log.length = 0;
    const announced = t.states.length;
    t.setTargets([A, B]);
    await t.stream.update(true);
    expect(t.last().log).toHaveLength(1);
    // The status is sent again: what the stream saves grew.
    expect(t.states.length).toBe(announced + 1);
    const added = t.last().subs.get((t.last().log[0] as string).slice(4));
    expect(added?.items).toEqual([`PRICE:ACC1:${B}`]);
  });

  it('with nothing to watch, or no page open where the stream needs one, it stops', async () => {
    const t = await setup({ withoutPages: false });
    await t.goLive();
    await t.stream.update(false);
    expect(t.last().disconnected).toBe(true);
    expect(t.stream.state.mode).toBe('off');
    expect(t.stream.streamed().size).toBe(0);
  });

  it('an open page streams with no market shown (positions and orders come through TRADE)', async () => {
    const t = await setup({ targets: [] });
    await t.goLive();
    expect([...t.last().subs.values()].find((s) => s.id === 'trade')).toMatchObject({
      mode: 'DISTINCT',
      items: ['TRADE:ACC1'],
    });
    await t.stream.update(false);
    expect(t.stream.state.mode).toBe('off');
  });
});
