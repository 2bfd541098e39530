import { describe, expect, it } from 'vitest';
import type { LiveToPage } from '../../lib/messages/contract';
import { LiveLink, type PortLike } from '../../lib/sidepanel/live';
import { ManualTimeouts } from '../helpers/manual-timeouts';

class FakePort implements PortLike {
  posted: unknown[] = [];
  disconnected = false;
  private messageListeners: ((m: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  postMessage(message: unknown) {
    if (this.disconnected) throw new Error('Attempting to use a disconnected port object');
    this.posted.push(message);
  }
  onMessage = { addListener: (cb: (m: unknown) => void) => this.messageListeners.push(cb) };
  onDisconnect = { addListener: (cb: () => void) => this.disconnectListeners.push(cb) };
  disconnect() {
    this.disconnected = true;
  }
  receive(message: unknown) {
    for (const l of this.messageListeners) l(message);
  }
  drop() {
    this.disconnected = true;
    for (const l of this.disconnectListeners) l();
  }
}

function setup(keepAwakeMs: number | null = null) {
  const ports: FakePort[] = [];
  const timers = new ManualTimeouts();
  const link = new LiveLink(
    () => {
      const p = new FakePort();
      ports.push(p);
      return p;
    },
    timers,
    keepAwakeMs,
  );
  return { ports, timers, link };
}

const awakes = (p: FakePort) => p.posted.filter((m) => (m as { kind: string }).kind === 'awake').length;

describe('LiveLink', () => {
  it('with keep-awake (Firefox), asks for the stream at once and again every interval while the Port is open', () => {
    const { ports, timers, link } = setup(10_000);
    link.start();
    expect(awakes(ports[0]!)).toBe(1);
    timers.advance(9_999);
    expect(awakes(ports[0]!)).toBe(1);
    timers.advance(1);
    timers.advance(10_000);
    expect(awakes(ports[0]!)).toBe(3);
    // The event page went away with the Port: no more on the dead one; the new Port asks at once.
    ports[0]!.drop();
    timers.advance(1_000);
    expect(ports).toHaveLength(2);
    timers.advance(10_000);
    timers.advance(10_000);
    expect(awakes(ports[0]!)).toBe(3);
    expect(awakes(ports[1]!)).toBe(3);
    link.close();
    timers.advance(60_000);
    expect(awakes(ports[1]!)).toBe(3);
  });

  it('without keep-awake (Chrome, the settings page), never asks for the stream', () => {
    const { ports, timers, link } = setup();
    link.start();
    timers.advance(60_000);
    expect(awakes(ports[0]!)).toBe(0);
  });

  it('tells the background the union of what every view shows, once the changes settle', () => {
    const { ports, timers, link } = setup();
    link.start();
    expect(ports[0]!.posted).toEqual([{ kind: 'watch', epics: [], marketIds: [], visible: true }]);
    link.setWatch('rows', ['A', 'B'], ['M1']);
    link.setWatch('detail', ['B', 'C'], ['M2']);
    expect(ports[0]!.posted).toHaveLength(1);
    timers.advance(200);
    expect(ports[0]!.posted).toEqual([
      { kind: 'watch', epics: [], marketIds: [], visible: true },
      { kind: 'watch', epics: ['A', 'B', 'C'], marketIds: ['M1', 'M2'], visible: true },
    ]);
    link.setWatch('detail', [], []);
    timers.advance(200);
    expect(ports[0]!.posted.at(-1)).toEqual({ kind: 'watch', epics: ['A', 'B'], marketIds: ['M1'], visible: true });
  });

  it('says which markets only views drawing from streamed quotes show', () => {
    const { ports, timers, link } = setup();
    link.start();
    link.setWatch('rows', ['A', 'B'], [], true);
    link.setWatch('detail', ['B', 'C'], []);
    timers.advance(200);
    // B is shown by a view that reads the cache too: it is not quoted.
    expect(ports[0]!.posted.at(-1)).toEqual({
      kind: 'watch',
      epics: ['A', 'B', 'C'],
      marketIds: [],
      visible: true,
      quoted: ['A'],
    });
    link.setWatch('detail', [], []);
    timers.advance(200);
    expect(ports[0]!.posted.at(-1)).toMatchObject({ epics: ['A', 'B'], quoted: ['A', 'B'] });
    link.setWatch('rows', ['A', 'B'], []);
    timers.advance(200);
    expect(ports[0]!.posted.at(-1)).toEqual({ kind: 'watch', epics: ['A', 'B'], marketIds: [], visible: true });
  });

  it('does not repeat an unchanged watch', () => {
    const { ports, timers, link } = setup();
    link.start();
    link.setWatch('rows', ['A'], []);
    timers.advance(200);
    link.setWatch('rows', ['A'], []);
    timers.advance(200);
    expect(ports[0]!.posted).toHaveLength(2);
  });

  it('pauses at once when hidden and resumes at once when shown', () => {
    const { ports, timers, link } = setup();
    link.start();
    link.setWatch('rows', ['A'], []);
    timers.advance(200);
    link.setVisible(false);
    expect(ports[0]!.posted.at(-1)).toEqual({ kind: 'watch', epics: ['A'], marketIds: [], visible: false });
    link.setVisible(true);
    expect(ports[0]!.posted.at(-1)).toEqual({ kind: 'watch', epics: ['A'], marketIds: [], visible: true });
  });

  it('reconnects when the worker goes away and says again what it watches', () => {
    const { ports, timers, link } = setup();
    link.start();
    link.setWatch('rows', ['A'], ['M']);
    timers.advance(200);
    ports[0]!.drop();
    expect(ports).toHaveLength(1);
    timers.advance(1000);
    expect(ports).toHaveLength(2);
    expect(ports[1]!.posted).toEqual([{ kind: 'watch', epics: ['A'], marketIds: ['M'], visible: true }]);
  });

  it('passes changes and status to subscribers and ignores anything else', () => {
    const { ports, link } = setup();
    const seen: LiveToPage[] = [];
    link.subscribe((m) => seen.push(m));
    link.start();
    ports[0]!.receive({ kind: 'changed', store: 'snapshots', keys: ['A'] });
    ports[0]!.receive({ kind: 'changed', store: 'snapshots' });
    ports[0]!.receive('hello');
    ports[0]!.receive({ kind: 'account', what: 'positions' });
    ports[0]!.receive({ kind: 'account', what: 'everything' });
    ports[0]!.receive({ kind: 'quotes', quotes: [] });
    ports[0]!.receive({ kind: 'quotes', quotes: 'A' });
    expect(seen).toEqual([
      { kind: 'changed', store: 'snapshots', keys: ['A'] },
      { kind: 'account', what: 'positions' },
      { kind: 'quotes', quotes: [] },
    ]);
  });

  it('says which chart a view shows, and stops saying it when the chart goes', () => {
    const { ports, timers, link } = setup();
    link.start();
    link.setWatch('detail', ['A'], []);
    link.setChart('history', { epic: 'A', resolution: 'MINUTE' });
    timers.advance(200);
    expect(ports[0]!.posted.at(-1)).toEqual({
      kind: 'watch',
      epics: ['A'],
      marketIds: [],
      visible: true,
      charts: [{ epic: 'A', resolution: 'MINUTE' }],
    });
    link.setChart('history', { epic: 'A', resolution: 'HOUR' });
    timers.advance(200);
    expect(ports[0]!.posted.at(-1)).toMatchObject({ charts: [{ epic: 'A', resolution: 'HOUR' }] });
    link.setChart('history', null);
    timers.advance(200);
    expect(ports[0]!.posted.at(-1)).toEqual({ kind: 'watch', epics: ['A'], marketIds: [], visible: true });
  });

  it("passes a chart's streamed bar on, and ignores a malformed one", () => {
    const { ports, link } = setup();
    const seen: LiveToPage[] = [];
    link.subscribe((m) => seen.push(m));
    link.start();
    const bar = { t: 60_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: null };
    ports[0]!.receive({ kind: 'bar', epic: 'A', resolution: 'MINUTE', bar, closed: false });
    ports[0]!.receive({ kind: 'bar', epic: 'A', resolution: 'MINUTE', bar: { ...bar, close: 'high' }, closed: false });
    ports[0]!.receive({ kind: 'bar', epic: 'A', resolution: 'MINUTE', bar: { ...bar, t: '60' }, closed: false });
    ports[0]!.receive({ kind: 'bar', epic: 'A', resolution: 'MINUTE', bar: null, closed: false });
    ports[0]!.receive({ kind: 'bar', epic: 'A', bar, closed: false });
    expect(seen).toEqual([{ kind: 'bar', epic: 'A', resolution: 'MINUTE', bar, closed: false }]);
  });

  it('stays closed after close: no reconnect, no posts', () => {
    const { ports, timers, link } = setup();
    link.start();
    link.close();
    expect(ports[0]!.disconnected).toBe(true);
    link.setWatch('rows', ['A'], []);
    timers.advance(5000);
    expect(ports).toHaveLength(1);
    expect(ports[0]!.posted).toHaveLength(1);
  });
});
