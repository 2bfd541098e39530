import { describe, expect, it, vi } from 'vitest';
import { LiveHub, type LivePort } from '../../lib/background/stream/live-hub';
import { LIVE_PORT, type LiveToPage, type StatusView } from '../../lib/messages/contract';
import type { MarketQuote } from '../../lib/model';

const ORIGIN = 'chrome-extension://me/';

function port(sender: LivePort['sender'], name = LIVE_PORT) {
  const received: LiveToPage[] = [];
  const listeners: ((m: unknown) => void)[] = [];
  const closers: (() => void)[] = [];
  let disconnected = false;
  const p: LivePort = {
    name,
    sender,
    postMessage: (m) => void received.push(m),
    disconnect: () => {
      disconnected = true;
    },
    onMessage: { addListener: (fn) => void listeners.push(fn) },
    onDisconnect: { addListener: (fn) => void closers.push(fn) },
  };
  return {
    p,
    received,
    send: (m: unknown) => {
      for (const l of listeners) l(m);
    },
    close: () => {
      for (const c of closers) c();
    },
    get disconnected() {
      return disconnected;
    },
  };
}

function hub() {
  const unions: { epics: string[]; marketIds: string[] }[] = [];
  const h = new LiveHub({
    isOwnPage: (s) => !!s?.url?.startsWith(ORIGIN),
    status: async () => ({ state: 'signed-in' }) as StatusView,
    onWatchChange: (u) => unions.push(u),
    gatherMs: 5,
  });
  return { h, unions };
}

describe('live hub', () => {
  it('refuses ports from web pages and content scripts, and ports of another name', () => {
    const { h } = hub();
    const web = port({ url: 'https://evil.example/', tab: {} });
    expect(h.accept(web.p)).toBe(false);
    expect(web.disconnected).toBe(true);
    expect(h.accept(port({ url: `${ORIGIN}popup.html` }, 'other').p)).toBe(false);
    expect(h.connected).toBe(0);
  });

  it('tells a page the status on connecting and follows what visible pages watch', async () => {
    const { h, unions } = hub();
    const a = port({ url: `${ORIGIN}sidepanel.html` });
    const b = port({ url: `${ORIGIN}popup.html` });
    h.accept(a.p);
    h.accept(b.p);
    await vi.waitFor(() => expect(a.received[0]).toMatchObject({ kind: 'status' }), { timeout: 10_000 });
    a.send({ kind: 'watch', epics: ['CS.D.EURUSD.MINI.IP'], marketIds: ['EURUSD'], visible: true });
    b.send({ kind: 'watch', epics: ['IX.D.FTSE.DAILY.IP'], marketIds: [], visible: false });
    b.send({ kind: 'watch', epics: ['<script>'], marketIds: [], visible: true });
    expect(unions.at(-1)).toEqual({ epics: ['CS.D.EURUSD.MINI.IP'], marketIds: ['EURUSD'] });
    a.close();
    expect(unions.at(-1)).toEqual({ epics: [], marketIds: [] });
  });

  it('follows the charts visible pages show, refuses malformed ones, and sends a bar only where its chart is', async () => {
    const { h } = hub();
    const a = port({ url: `${ORIGIN}sidepanel.html` });
    const b = port({ url: `${ORIGIN}sidepanel.html?window=2` });
    h.accept(a.p);
    h.accept(b.p);
    await vi.waitFor(() => expect(b.received[0]).toMatchObject({ kind: 'status' }), { timeout: 10_000 });
    const EUR = 'CS.D.EURUSD.MINI.IP';
    const FTSE = 'IX.D.FTSE.DAILY.IP';
    const watch = { kind: 'watch', epics: [EUR], marketIds: [], visible: true };
    a.send({ ...watch, charts: [{ epic: EUR, resolution: 'MINUTE' }] });
    b.send({ ...watch, charts: [{ epic: FTSE, resolution: 'HOUR' }] });
    expect(h.charts()).toEqual([
      { epic: EUR, resolution: 'MINUTE' },
      { epic: FTSE, resolution: 'HOUR' },
    ]);
    // Refused whole: a resolution that does not exist, an epic that is not one, too many charts.
    b.send({ ...watch, charts: [{ epic: FTSE, resolution: 'YEAR' }] });
    b.send({ ...watch, charts: [{ epic: '<img>', resolution: 'HOUR' }] });
    b.send({ ...watch, charts: Array.from({ length: 21 }, () => ({ epic: FTSE, resolution: 'DAY' })) });
    expect(h.charts()).toHaveLength(2);
    b.send({ ...watch, visible: false, charts: [{ epic: FTSE, resolution: 'HOUR' }] });
    expect(h.charts()).toEqual([{ epic: EUR, resolution: 'MINUTE' }]);

    a.received.length = 0;
    b.received.length = 0;
    const bar = { t: 60_000, open: 1, high: 1, low: 1, close: 1, volume: null };
    h.toCharts({ kind: 'bar', epic: EUR, resolution: 'MINUTE', bar, closed: false });
    h.toCharts({ kind: 'bar', epic: EUR, resolution: 'HOUR', bar, closed: false });
    expect(a.received).toEqual([{ kind: 'bar', epic: EUR, resolution: 'MINUTE', bar, closed: false }]);
    expect(b.received).toEqual([]);
  });

  it('sends streamed quotes once the queued updates are taken: one message, the newest per market shown', async () => {
    const [A, B, C, D] = ['CS.D.AAA.IP', 'CS.D.BBB.IP', 'CS.D.CCC.IP', 'CS.D.DDD.IP'];
    const queued: (() => void)[] = [];
    const h = new LiveHub({
      isOwnPage: (s) => !!s?.url?.startsWith(ORIGIN),
      status: async () => ({ state: 'signed-in' }) as StatusView,
      onWatchChange: () => {},
      afterQueued: (fn) => void queued.push(fn),
    });
    const a = port({ url: `${ORIGIN}sidepanel.html` });
    h.accept(a.p);
    await vi.waitFor(() => expect(a.received[0]).toMatchObject({ kind: 'status' }), { timeout: 10_000 });
    const b = port({ url: `${ORIGIN}popup.html` });
    h.accept(b.p);
    a.send({ kind: 'watch', epics: [A, B, C], marketIds: [], visible: true });
    b.send({ kind: 'watch', epics: [B], marketIds: [], visible: false });
    a.received.length = 0;
    const q = (epic: string, bid: number) => ({
      quote: { epic, bid } as MarketQuote,
      fetchedAt: 1,
      trail: [bid],
    });
    h.announceQuotes([q(A, 1)]);
    h.announceQuotes([q(B, 2), q(A, 3)]);
    expect(a.received).toEqual([]);
    expect(queued).toHaveLength(1);
    queued[0]?.();
    expect(a.received).toEqual([{ kind: 'quotes', quotes: [q(A, 3), q(B, 2)] }]);
    h.announceQuotes([q(C, 4)]);
    queued[1]?.();
    expect(a.received.at(-1)).toEqual({ kind: 'quotes', quotes: [q(C, 4)] });
    // A page hears only what it shows, and nothing while hidden.
    expect(b.received.filter((m) => m.kind === 'quotes')).toEqual([]);
    b.send({ kind: 'watch', epics: [B], marketIds: [], visible: true });
    h.announceQuotes([q(B, 5), q(D, 6)]);
    queued[2]?.();
    expect(b.received.filter((m) => m.kind === 'quotes')).toEqual([{ kind: 'quotes', quotes: [q(B, 5)] }]);
    expect(a.received.at(-1)).toEqual({ kind: 'quotes', quotes: [q(B, 5)] });
    // A new watch replaces what the page hears.
    a.send({ kind: 'watch', epics: [D], marketIds: [], visible: true, quoted: [D] });
    h.announceQuotes([q(A, 7), q(D, 8)]);
    queued[3]?.();
    expect(a.received.at(-1)).toEqual({ kind: 'quotes', quotes: [q(D, 8)] });
    // A page gone between the check and the post is dropped; the others still hear.
    b.p.postMessage = () => {
      throw new Error('Attempting to use a disconnected port object');
    };
    h.announceQuotes([q(B, 9), q(D, 10)]);
    queued[4]?.();
    expect(h.connected).toBe(1);
    expect(a.received.at(-1)).toEqual({ kind: 'quotes', quotes: [q(D, 10)] });
  });

  it('gathers announcements into one message per store', async () => {
    const { h } = hub();
    const a = port({ url: `${ORIGIN}sidepanel.html` });
    h.accept(a.p);
    await vi.waitFor(() => expect(a.received[0]).toMatchObject({ kind: 'status' }), { timeout: 10_000 });
    a.received.length = 0;
    h.announce('snapshots', ['A', 'B']);
    h.announce('snapshots', ['B', 'C']);
    h.announce('sentiment', ['X']);
    await vi.waitFor(() => expect(a.received.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(a.received).toEqual([
      { kind: 'changed', store: 'snapshots', keys: ['A', 'B', 'C'] },
      { kind: 'changed', store: 'sentiment', keys: ['X'] },
    ]);
  });

  it('does not tell a page drawing a market from the stream that the cache holds just what it was sent', async () => {
    const [A, B, C] = ['CS.D.AAA.IP', 'CS.D.BBB.IP', 'CS.D.CCC.IP'];
    const queued: (() => void)[] = [];
    const h = new LiveHub({
      isOwnPage: (s) => !!s?.url?.startsWith(ORIGIN),
      status: async () => ({ state: 'signed-in' }) as StatusView,
      onWatchChange: () => {},
      gatherMs: 5,
      afterQueued: (fn) => void queued.push(fn),
    });
    // The panel draws A and B from the stream; C it shows in a view that reads the cache. The popup shows A
    // from the cache only.
    const panel = port({ url: `${ORIGIN}sidepanel.html` });
    const popup = port({ url: `${ORIGIN}popup.html` });
    h.accept(panel.p);
    h.accept(popup.p);
    await vi.waitFor(() => expect(popup.received[0]).toMatchObject({ kind: 'status' }), { timeout: 10_000 });
    panel.send({ kind: 'watch', epics: [A, B, C], marketIds: [], visible: true, quoted: [A, B] });
    popup.send({ kind: 'watch', epics: [A], marketIds: [], visible: true });
    const quote = (epic: string, bid: number) => ({ epic, bid, offer: bid + 1 }) as MarketQuote;
    const sent = (epic: string, bid: number, trail = [bid]) => ({ quote: quote(epic, bid), fetchedAt: 1, trail });
    const entry = (epic: string, bid: number, trail = [bid]) => ({
      value: quote(epic, bid),
      fetchedAt: 2,
      lastUsed: 2,
      trail,
      trailAt: 2,
    });
    h.announceQuotes([sent(A, 10), sent(B, 20), sent(C, 30)]);
    queued.shift()?.();
    const changed = (p: ReturnType<typeof port>) =>
      p.received.filter((m) => m.kind === 'changed').map((m) => (m.kind === 'changed' ? m.keys : []));
    const announced = async (keys: string[], written: Map<string, ReturnType<typeof entry>> | undefined) => {
      panel.received.length = 0;
      popup.received.length = 0;
      h.announce('snapshots', keys, written);
      await vi.waitFor(() => expect(changed(popup)).toHaveLength(1), { timeout: 10_000 });
    };
    // A as sent, B with another price, C as sent but not drawn from the stream.
    await announced(
      [A, B, C],
      new Map([
        [A, entry(A, 10)],
        [B, entry(B, 21)],
        [C, entry(C, 30)],
      ]),
    );
    expect(changed(panel)).toEqual([[B, C]]);
    expect(changed(popup)).toEqual([[A, B, C]]);
    // Once told of B, the page may have read it: a write as B was sent is told too, until B is sent again.
    await announced([B], new Map([[B, entry(B, 20)]]));
    expect(changed(panel)).toEqual([[B]]);
    h.announceQuotes([sent(B, 22)]);
    queued.shift()?.();
    await announced(
      [A, B],
      new Map([
        [A, entry(A, 10)],
        [B, entry(B, 22)],
      ]),
    );
    expect(changed(panel)).toEqual([]);
    // A's sparkline gained a point the page was not sent; a write whose entry is not known.
    await announced([A, B], new Map([[A, entry(A, 10, [9, 10])]]));
    expect(changed(panel)).toEqual([[A, B]]);
    // Any write in the gathering that is not known is told, whatever else was written.
    h.announceQuotes([sent(A, 10)]);
    queued.shift()?.();
    panel.received.length = 0;
    h.announce('snapshots', [A]);
    h.announce('snapshots', [A], new Map([[A, entry(A, 10)]]));
    await vi.waitFor(() => expect(changed(panel)).toEqual([[A]]), { timeout: 10_000 });
    // No longer drawn from the stream: told again.
    h.announceQuotes([sent(A, 10)]);
    queued.shift()?.();
    panel.send({ kind: 'watch', epics: [A, B, C], marketIds: [], visible: true, quoted: [B] });
    await announced([A], new Map([[A, entry(A, 10)]]));
    expect(changed(panel)).toEqual([[A]]);
    // Other stores are told as ever.
    panel.received.length = 0;
    h.announce('sentiment', ['AAA']);
    await vi.waitFor(() => expect(changed(panel)).toEqual([['AAA']]), { timeout: 10_000 });
  });

  it('counts the pages that asked for the stream, each once, until their Port closes', async () => {
    const { h, unions } = hub();
    const panel = port({ url: `${ORIGIN}sidepanel.html` });
    const options = port({ url: `${ORIGIN}options.html` });
    h.accept(panel.p);
    h.accept(options.p);
    expect(h.streaming).toBe(0);
    panel.send({ kind: 'awake' });
    expect(h.streaming).toBe(1);
    const changes = unions.length;
    panel.send({ kind: 'awake' });
    expect(unions).toHaveLength(changes);
    options.send({ kind: 'awake', extra: '<script>' });
    options.send({ kind: 'asleep' });
    expect(h.connected).toBe(2);
    panel.close();
    expect(h.streaming).toBe(0);
    expect(unions).toHaveLength(changes + 1);
  });
});
