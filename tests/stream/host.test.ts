import { describe, expect, it } from 'vitest';
import { offscreenStreamChannel } from '../../lib/background/stream/stream-document';
import { serveStreamHost } from '../../lib/stream/document-host';
import { type ChannelPort, StreamHostChannel } from '../../lib/stream/host-channel';
import { STREAM_HOST_PORT } from '../../lib/stream/host-protocol';
import { FakeLink, flush } from './fakes';

type Fn = (m: unknown) => void;

/** Two ends of a runtime Port. */
function portPair(sender: ChannelPort['sender']) {
  const listeners = { a: [] as Fn[], b: [] as Fn[], aGone: [] as (() => void)[], bGone: [] as (() => void)[] };
  const sentToDoc: unknown[] = [];
  const bg: ChannelPort = {
    name: STREAM_HOST_PORT,
    sender,
    postMessage: (m) => {
      sentToDoc.push(m);
      for (const f of listeners.b) f(structuredClone(m));
    },
    disconnect: () => {
      for (const f of listeners.bGone) f();
    },
    onMessage: { addListener: (f) => listeners.a.push(f) },
    onDisconnect: { addListener: (f) => listeners.aGone.push(f) },
  };
  const doc = {
    postMessage: (m: unknown) => {
      for (const f of listeners.a) f(structuredClone(m));
    },
    onMessage: { addListener: (f: Fn) => listeners.b.push(f) },
    onDisconnect: { addListener: (f: () => void) => listeners.bGone.push(f) },
    /** The document closes. */
    close: () => {
      for (const f of listeners.aGone) f();
    },
  };
  return { bg, doc, sentToDoc };
}

const HOST = { id: 'ext', url: 'chrome-extension://ext/offscreen.html' };

function setup() {
  const inner: FakeLink[] = [];
  const pair = portPair(HOST);
  let started = 0;
  const channel = new StreamHostChannel({
    ensureDocument: async () => {
      started++;
      serveStreamHost(pair.doc, () => {
        const l = new FakeLink();
        inner.push(l);
        return l;
      });
      channel.accept(pair.bg);
    },
    isHost: (s) => s?.id === HOST.id && s.url === HOST.url && !s.tab,
  });
  return { channel, inner, pair, started: () => started };
}

describe('the stream document and the background', () => {
  it('the background starts the document and drives a client in it; updates and states come back', async () => {
    const t = setup();
    const link = await t.channel.link();
    expect(t.started()).toBe(1);
    const statuses: string[] = [];
    const updates: unknown[] = [];
    link.onStatus((s) => statuses.push(s));
    link.onUpdate((u) => updates.push(u));
    link.connect('http://127.0.0.1:1/lightstreamer', 'ACC', 'CST-a|XST-b');
    link.subscribe({ id: 'p1', mode: 'MERGE', items: ['PRICE:ACC:A.B.C'], fields: ['BIDPRICE1'], adapter: 'Pricing' });
    const inner = t.inner[0] as FakeLink;
    expect(inner.connected).toEqual({
      endpoint: 'http://127.0.0.1:1/lightstreamer',
      user: 'ACC',
      password: 'CST-a|XST-b',
    });
    expect([...inner.subs.keys()]).toEqual(['p1']);
    inner.goLive();
    inner.push('p1', 'PRICE:ACC:A.B.C', { BIDPRICE1: '1.5', ASKPRICE1: null });
    expect(statuses.at(-1)).toBe('CONNECTED:WS-STREAMING');
    expect(updates).toEqual([{ subId: 'p1', item: 'PRICE:ACC:A.B.C', changed: { BIDPRICE1: '1.5', ASKPRICE1: null } }]);
    link.disconnect();
    expect(inner.disconnected).toBe(true);
  });

  it('reuses the running document for the next link', async () => {
    const t = setup();
    await t.channel.link();
    await t.channel.link();
    expect(t.started()).toBe(1);
  });

  it('refuses a Port from anything but the stream document: a tab, another page, another extension', () => {
    const channel = new StreamHostChannel({
      ensureDocument: async () => {},
      isHost: (s) => s?.id === HOST.id && s.url === HOST.url && !s.tab,
    });
    for (const sender of [
      { ...HOST, tab: { id: 1 } },
      { id: 'ext', url: 'chrome-extension://ext/sidepanel.html' },
      { id: 'other', url: HOST.url },
    ]) {
      const pair = portPair(sender);
      let closed = false;
      pair.bg.disconnect = () => {
        closed = true;
      };
      expect(channel.accept(pair.bg)).toBe(true);
      expect(closed).toBe(true);
    }
  });

  it('the document ignores anything that is not a well-formed command', async () => {
    const t = setup();
    await t.channel.link();
    for (const bad of [null, 'connect', { op: 'connect', link: 1 }, { op: 'eval', link: 1, code: 'x' }]) {
      (t.pair.bg.postMessage as (m: unknown) => void)(bad);
    }
    expect(t.inner).toHaveLength(0);
  });

  it('a closed document disconnects its links; the background sees DISCONNECTED', async () => {
    const t = setup();
    const link = await t.channel.link();
    const statuses: string[] = [];
    link.onStatus((s) => statuses.push(s));
    t.pair.doc.close();
    await flush();
    expect(statuses).toEqual(['DISCONNECTED']);
  });

  it('the tokens travel only in the connect command', async () => {
    const t = setup();
    const link = await t.channel.link();
    link.connect('http://127.0.0.1:1/', 'ACC', 'CST-secret|XST-secret');
    link.subscribe({ id: 'p1', mode: 'MERGE', items: ['X'], fields: ['F'] });
    const carrying = t.pair.sentToDoc.filter((m) => JSON.stringify(m).includes('secret'));
    expect(carrying).toHaveLength(1);
    expect((carrying[0] as { op: string }).op).toBe('connect');
  });
});

describe("the worker's channel to the document, loaded with the stream's first link", () => {
  function worker() {
    const inner: FakeLink[] = [];
    const pair = portPair(HOST);
    let created = 0;
    const channel = offscreenStreamChannel(
      { id: HOST.id, getURL: (path) => `chrome-extension://ext${path}` },
      {
        hasDocument: async () => created > 0,
        createDocument: async () => {
          created++;
          serveStreamHost(pair.doc, () => {
            const l = new FakeLink();
            inner.push(l);
            return l;
          });
          expect(channel.accept(pair.bg)).toBe(true);
        },
      },
    );
    return { channel, inner, created: () => created };
  }

  it('leaves the pages’ Ports to the background and takes the document’s once it asked for it', async () => {
    const t = worker();
    const page = portPair({ id: 'ext', url: 'chrome-extension://ext/sidepanel.html' }).bg;
    expect(t.channel.accept({ ...page, name: 'marketside-live' })).toBe(false);
    const link = await t.channel.link();
    expect(t.created()).toBe(1);
    link.connect('http://127.0.0.1:1/', 'ACC', 'CST-a|XST-b');
    expect(t.inner[0]?.connected?.user).toBe('ACC');
  });

  it('closes a Port named for the document that comes from anything else', async () => {
    const t = worker();
    const other = portPair({ id: 'ext', url: 'chrome-extension://ext/sidepanel.html' }).bg;
    let closed = false;
    other.disconnect = () => {
      closed = true;
    };
    expect(t.channel.accept(other)).toBe(true);
    await flush();
    expect(closed).toBe(true);
  });
});
