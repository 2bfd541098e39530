// @vitest-environment happy-dom
// Firefox refuses a page its storage while it tears the page down (NS_ERROR_NOT_INITIALIZED, seen when an add-on
// updates in place or the browser closes): every read the popup and the side panel make of stored state then
// falls back to its default. A read left to reject is an unhandled rejection, which Firefox reports as the
// page's error. (The read @wxt-dev/storage makes as it defines an item is its own: the pages quiet that one.)
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: () => new Promise(() => {}),
}));

import { App as PopupApp } from '../../entrypoints/popup/App';
import { App as PanelApp } from '../../entrypoints/sidepanel/App';
import type { Reply } from '../../lib/messages/contract';
import { isStorageRefused, quietRefusedStorage } from '../../lib/or-miss';
import type { PopupDeps, Send } from '../../lib/popup/deps';
import { lastSeenSentiment } from '../../lib/popup/last-seen';
import { pinnedEpic, prefs, recentLookups, watchlistMarks } from '../../lib/settings/registry';
import { LiveLink } from '../../lib/sidepanel/live';
import { sidepanelRoute } from '../../lib/sidepanel/route';
import { quote } from '../sidepanel/fixtures';

// Defined (and so read once by @wxt-dev/storage) before storage is refused: what is left to reject is ours.
for (const item of [lastSeenSentiment, pinnedEpic, prefs, recentLookups, watchlistMarks, sidepanelRoute]) void item.key;

const refused = () => Promise.reject(new DOMException('', 'NS_ERROR_NOT_INITIALIZED'));

const EURUSD = quote('CS.D.EURUSD.TODAY.IP', { marketId: 'EURUSD', instrumentName: 'EUR/USD' });

const answers: Record<string, unknown> = {
  'markets.quotes': [{ value: EURUSD, fetchedAt: Date.now(), stale: false }],
  'sentiment.get': [
    {
      value: { marketId: 'EURUSD', longPositionPercentage: 64, shortPositionPercentage: 36 },
      fetchedAt: 1,
      stale: false,
    },
  ],
};
const send = ((name: string) =>
  name in answers
    ? Promise.resolve({ ok: true, data: answers[name] } as Reply<unknown>)
    : new Promise(() => {})) as Send;

const silentPort = () => ({
  postMessage() {},
  onMessage: { addListener() {} },
  onDisconnect: { addListener() {} },
  disconnect() {},
});

let unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  fakeBrowser.reset();
  unhandled = [];
  process.on('unhandledRejection', collect);
  for (const area of [fakeBrowser.storage.local, fakeBrowser.storage.session]) {
    vi.spyOn(area, 'get').mockImplementation(refused);
    vi.spyOn(area, 'set').mockImplementation(refused);
  }
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockImplementation(refused);
});
afterEach(() => {
  cleanup();
  process.off('unhandledRejection', collect);
});

/** Long enough for every rejection of this render to have been reported (they are reported a task later). */
const settled = () => new Promise((r) => setTimeout(r, 50));

describe('pages whose storage the browser refuses', () => {
  it("the popup shows a market with its sentiment and pin, and none of its reads' rejections goes unhandled", async () => {
    const deps: PopupDeps = { send, connectLive: () => null, openOptions: vi.fn(), openSidePanel: vi.fn() };
    render(<PopupApp deps={deps} params={{ q: null, epic: EURUSD.epic }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'EUR/USD' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Clients 64% long, 36% short' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Pin to toolbar' });
    await settled();
    expect(unhandled).toEqual([]);
  });

  it("the side panel shows its watchlists, and none of its reads' rejections goes unhandled", async () => {
    render(<PanelApp live={new LiveLink(silentPort)} />);
    expect(await screen.findByText('Loading watchlists…')).toBeTruthy();
    await settled();
    expect(unhandled).toEqual([]);
  });

  it('a page quiets only the refusal of its storage among unhandled rejections', () => {
    const page = new EventTarget();
    quietRefusedStorage(page as unknown as Window);
    const rejected = (reason: unknown) => {
      const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
      page.dispatchEvent(event);
      return event.defaultPrevented ? 'quiet' : 'reported';
    };
    expect(rejected(new DOMException('', 'NS_ERROR_NOT_INITIALIZED'))).toBe('quiet');
    expect(rejected(new TypeError('x is undefined'))).toBe('reported');
    expect(rejected(new DOMException('', 'QuotaExceededError'))).toBe('reported');
    expect(rejected(undefined)).toBe('reported');
    expect(isStorageRefused(new DOMException('', 'NS_ERROR_NOT_INITIALIZED'))).toBe(true);
  });
});
