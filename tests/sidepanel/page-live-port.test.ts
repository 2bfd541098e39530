import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectLive } from '../../lib/sidepanel/page-live';

afterEach(() => vi.restoreAllMocks());

describe("a page's live Port", () => {
  it('reads the error of a Port that could not connect, so the browser does not log it as unchecked', () => {
    const disconnected: (() => void)[] = [];
    const port = { onDisconnect: { addListener: (fn: () => void) => disconnected.push(fn) } };
    vi.spyOn(fakeBrowser.runtime, 'connect').mockReturnValue(port as never);
    let errorRead = 0;
    Object.defineProperty(fakeBrowser.runtime, 'lastError', {
      configurable: true,
      get: () => {
        errorRead++;
        return { message: 'Could not establish connection. Receiving end does not exist.' };
      },
    });
    expect(connectLive()).toBe(port);
    expect(disconnected).toHaveLength(1);
    for (const fn of disconnected) fn();
    expect(errorRead).toBe(1);
  });
});
