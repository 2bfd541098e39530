import { describe, expect, it } from 'vitest';
import type { LiveToPage } from '../../lib/messages/contract';
import { LiveLink, type LiveTimers, type PortLike } from '../../lib/sidepanel/live';

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

class ManualTimers implements LiveTimers {
  private queue = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  now = 0;
  set(fn: () => void, ms: number) {
    const id = this.next++;
    this.queue.set(id, { at: this.now + ms, fn });
    return id;
  }
  clear(handle: unknown) {
    this.queue.delete(handle as number);
  }
  advance(ms: number) {
    this.now += ms;
    for (const [id, t] of [...this.queue]) {
      if (t.at <= this.now) {
        this.queue.delete(id);
        t.fn();
      }
    }
  }
}

function setup() {
  const ports: FakePort[] = [];
  const timers = new ManualTimers();
  const link = new LiveLink(() => {
    const p = new FakePort();
    ports.push(p);
    return p;
  }, timers);
  return { ports, timers, link };
}

describe('LiveLink', () => {
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
