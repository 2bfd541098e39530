// Installing Marketside opens its welcome page, once; updates and browser updates open nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerFirstRun } from '../../lib/background/browser/first-run';

beforeEach(() => fakeBrowser.reset());

describe('the first run', () => {
  it('opens the welcome page on install, and nothing on an update', async () => {
    const create = vi.fn().mockResolvedValue({});
    registerFirstRun(browser.runtime, { create } as never);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'browser_update', temporary: false });
    expect(create).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0].url).toMatch(/\/welcome\.html$/);
  });
});
