import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU_ID, onCommand, onLookupMenuClicked, registerLookup } from '../../lib/background/lookup';
import { onOmniboxEntered } from '../../lib/background/lookup/omnibox';
import { popupLastQuery } from '../../lib/popup/last-query';

const url = (path: string) => `chrome-extension://test-extension-id${path}`;

function event() {
  const listeners: ((...args: never[]) => unknown)[] = [];
  return {
    listeners,
    addListener: (l: (...args: never[]) => unknown) => listeners.push(l),
    fire: (...args: unknown[]) => listeners.map((l) => (l as (...a: unknown[]) => unknown)(...args)),
  };
}

/** The browser's lookup surfaces, their events fired by hand. */
function lookupSurfaces() {
  return {
    contextMenus: { removeAll: vi.fn(async () => {}), create: vi.fn(), onClicked: event() },
    omnibox: {
      setDefaultSuggestion: vi.fn(),
      onInputStarted: event(),
      onInputChanged: event(),
      onInputCancelled: event(),
      onInputEntered: event(),
    },
    commands: { onCommand: event() },
  };
}

let openPopup: ReturnType<typeof vi.fn>;
let sidePanelOpen: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fakeBrowser.reset();
  openPopup = vi.fn(async () => {});
  sidePanelOpen = vi.fn(async () => {});
  Object.assign(fakeBrowser.action, { openPopup });
  Object.assign(fakeBrowser, { sidePanel: { open: sidePanelOpen } });
});

describe('the "Look up in Marketside" menu', () => {
  it('opens the toolbar popup with the selection as its query', async () => {
    await onLookupMenuClicked({ menuItemId: MENU_ID, selectionText: ' “Wall Street”\n' });
    expect(openPopup).toHaveBeenCalledTimes(1);
    expect(await popupLastQuery.getValue()).toBe('Wall Street');
  });

  it('falls back to a small popup window with ?q= when the browser will not open the popup', async () => {
    openPopup.mockRejectedValueOnce(new Error('Could not find an active browser window.'));
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    await onLookupMenuClicked({ menuItemId: MENU_ID, selectionText: 'S&P 500' });
    expect(create).toHaveBeenCalledWith({
      url: url('/popup.html?q=S%26P+500'),
      type: 'popup',
      width: 380,
      height: 600,
    });
  });

  it('a selected epic opens its market straight away', async () => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    await onLookupMenuClicked({ menuItemId: MENU_ID, selectionText: 'CS.D.EURUSD.MINI.IP' });
    expect(openPopup).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ url: url('/popup.html?epic=CS.D.EURUSD.MINI.IP') }));
  });

  it('ignores other menu items and empty selections', async () => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    await onLookupMenuClicked({ menuItemId: 'other', selectionText: 'gold' });
    await onLookupMenuClicked({ menuItemId: MENU_ID, selectionText: ' . ' });
    expect(openPopup).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('omnibox Enter', () => {
  it('a suggestion (an epic) opens the market in the current tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue({} as never);
    await onOmniboxEntered('CS.D.EURUSD.MINI.IP', 'currentTab');
    expect(update).toHaveBeenCalledWith({ url: url('/popup.html?epic=CS.D.EURUSD.MINI.IP') });
    expect(create).not.toHaveBeenCalled();
  });

  it('typed text opens the search, in a background tab for a middle-click', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await onOmniboxEntered('germany 40', 'newBackgroundTab');
    expect(create).toHaveBeenCalledWith({ url: url('/popup.html?q=germany+40'), active: false });
  });
});

describe('the keyboard command', () => {
  it('opens the side panel in the window it was pressed in', async () => {
    await onCommand('open-side-panel', { windowId: 7 });
    expect(sidePanelOpen).toHaveBeenCalledWith({ windowId: 7 });
    expect(onCommand('something-else')).toBeUndefined();
  });

  it('opens the panel page in a tab if the browser refuses', async () => {
    sidePanelOpen.mockRejectedValueOnce(new Error('no'));
    expect(await onCommand('open-side-panel', { windowId: 7 })).toBe('tab');
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain(url('/sidepanel.html'));
  });
});

describe('registerLookup', () => {
  it('adds the menu on install, and omnibox suggestions come from the service search, escaped', async () => {
    const { contextMenus, omnibox, commands } = lookupSurfaces();
    Object.assign(fakeBrowser, { contextMenus, omnibox, commands });
    const search = vi.fn(async (term: string) => [
      {
        epic: 'IX.D.DAX.DAILY.IP',
        instrumentName: `Germany 40 <${term}>`,
        instrumentType: 'INDICES',
        expiry: '-',
        bid: 15990.1,
        offer: 15991.3,
        high: null,
        low: null,
        netChange: null,
        percentageChange: null,
        marketStatus: 'TRADEABLE' as const,
        updatedAt: null,
      },
    ]);
    registerLookup({ search });

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await vi.waitFor(() => expect(contextMenus.create).toHaveBeenCalled(), { timeout: 10_000 });
    expect(contextMenus.create).toHaveBeenCalledWith({
      id: MENU_ID,
      title: 'Look up in Marketside',
      contexts: ['selection'],
    });

    const suggest = vi.fn();
    omnibox.onInputChanged.fire('germany', suggest);
    await vi.waitFor(() => expect(suggest).toHaveBeenCalled(), { timeout: 10_000 });
    expect(search).toHaveBeenCalledWith('germany');
    expect(suggest).toHaveBeenCalledWith([
      {
        content: 'IX.D.DAX.DAILY.IP',
        description: '<match>Germany</match> 40 &lt;germany&gt; <dim>IX.D.DAX.DAILY.IP</dim> 15,990.1 / 15,991.3',
      },
    ]);
    expect(omnibox.setDefaultSuggestion).toHaveBeenCalledWith({
      description: 'Look up <match>germany</match> in Marketside',
    });

    commands.onCommand.fire('open-side-panel', { windowId: 3 });
    expect(sidePanelOpen).toHaveBeenCalledWith({ windowId: 3 });
  });

  it('hands omnibox events that come while its part loads to it in the order they came', async () => {
    const { contextMenus, omnibox, commands } = lookupSurfaces();
    Object.assign(fakeBrowser, { contextMenus, omnibox, commands });
    const search = vi.fn(async () => []);
    registerLookup({ search });

    omnibox.onInputStarted.fire();
    omnibox.onInputChanged.fire('germany', vi.fn());
    omnibox.onInputCancelled.fire();
    await vi.waitFor(() => expect(omnibox.setDefaultSuggestion).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(omnibox.setDefaultSuggestion.mock.calls).toEqual([
      [{ description: 'Type a market name or an epic' }],
      [{ description: 'Look up <match>germany</match> in Marketside' }],
    ]);
    // Cancelled after the input: the pause passes with no search.
    await new Promise((done) => setTimeout(done, 400));
    expect(search).not.toHaveBeenCalled();
  });
});
