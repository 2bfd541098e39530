import { afterEach, describe, expect, it } from 'vitest';
import { pageStreamLinks, STREAM_LINK_GLOBAL, type StreamLinkGlobal } from '../../lib/background/stream/stream-script';
import { FakeLink } from './fakes';

interface FakeScript {
  src: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
}

function fakeDocument(onAppend: (s: FakeScript) => void) {
  const appended: FakeScript[] = [];
  const doc = {
    createElement: () => ({ src: '', onload: null, onerror: null }),
    head: {
      append: (s: FakeScript) => {
        appended.push(s);
        onAppend(s);
      },
    },
  };
  return { doc: doc as unknown as Document, appended };
}

afterEach(() => {
  delete (globalThis as StreamLinkGlobal)[STREAM_LINK_GLOBAL];
});

describe("Firefox's background page loads the stream script once, on first need", () => {
  it('adds the extension script to its own page and makes links from it', async () => {
    const { doc, appended } = fakeDocument((s) => {
      (globalThis as StreamLinkGlobal)[STREAM_LINK_GLOBAL] = () => new FakeLink();
      s.onload?.();
    });
    const links = pageStreamLinks((p) => `moz-extension://id${p}`, doc);
    expect(appended).toHaveLength(0);
    expect(await links()).toBeInstanceOf(FakeLink);
    expect(await links()).toBeInstanceOf(FakeLink);
    expect(appended.map((s) => s.src)).toEqual(['moz-extension://id/stream-host.js']);
  });

  it('a script that fails to load is a clear error, and the next try loads it again', async () => {
    let fail = true;
    const { doc, appended } = fakeDocument((s) => {
      if (fail) return s.onerror?.();
      (globalThis as StreamLinkGlobal)[STREAM_LINK_GLOBAL] = () => new FakeLink();
      s.onload?.();
    });
    const links = pageStreamLinks((p) => p, doc);
    await expect(links()).rejects.toThrow('The stream script did not load');
    fail = false;
    expect(await links()).toBeInstanceOf(FakeLink);
    expect(appended).toHaveLength(2);
  });
});
