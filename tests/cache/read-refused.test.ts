// The browser refusing the pages their storage (Firefox shutting down, storage turned off): a cache read is
// a miss, never an error (a page's unhandled rejection is an error in the browser's console, and the page
// then asks the background, which answers).
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

const refusing = {
  open() {
    throw new DOMException('', 'NS_ERROR_NOT_INITIALIZED');
  },
};

describe("the pages' cache reads when the browser refuses storage", () => {
  it('every read resolves as a miss', async () => {
    vi.stubGlobal('indexedDB', refusing);
    const read = await import('../../lib/cache/read');
    await expect(read.readSearch('EUR')).resolves.toBeNull();
    await expect(read.readFacts('CS.D.EURUSD.MINI.IP')).resolves.toBeNull();
    await expect(read.readWatchlists()).resolves.toBeNull();
    await expect(read.readWatchlist('W1')).resolves.toBeNull();
    await expect(read.readSparkline('CS.D.EURUSD.MINI.IP')).resolves.toBeNull();
    await expect(read.readSentimentHistory('EURUSD')).resolves.toEqual([]);
    expect((await read.readQuotes(['CS.D.EURUSD.MINI.IP'])).size).toBe(0);
    expect((await read.readSentiment(['EURUSD'])).size).toBe(0);
  });
});
