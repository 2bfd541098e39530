// @vitest-environment happy-dom
// An open side panel follows routes opened elsewhere (popup, omnibox, a notification) without listening to
// storage.session: such a listener is handed every change of the area, the worker's first-paint snapshot
// among them (old and new whole, once a second while prices stream).
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: () => new Promise(() => {}),
}));

import { App } from '../../entrypoints/sidepanel/App';
import { readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { LiveLink } from '../../lib/sidepanel/live';
import { openRoute } from '../../lib/sidepanel/route';

const silentPort = () => ({
  postMessage() {},
  onMessage: { addListener() {} },
  onDisconnect: { addListener() {} },
  disconnect() {},
});

/** Whether anything listens to storage.session's changes (fake-browser counts, the type does not say so). */
const sessionListened = () =>
  (fakeBrowser.storage.session.onChanged as unknown as { hasListeners(): boolean }).hasListeners();

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('the side panel route while open', () => {
  it('follows a route opened elsewhere and keeps no storage.session listener', async () => {
    await fakeBrowser.storage.session.set({ sidepanelRoute: { view: 'browse', at: 1 } });
    const first = readPanelFirstPaint();
    const ready = await first;
    render(<App live={new LiveLink(silentPort)} first={first} ready={ready} />);
    await waitFor(() => expect(screen.getByText('Loading categories…')).toBeTruthy());
    expect(sessionListened()).toBe(false);

    await openRoute({ view: 'alerts' });
    await waitFor(() => expect(document.getElementById('alerts-title')).not.toBeNull());
    expect(screen.queryByText('Loading categories…')).toBeNull();
    expect(sessionListened()).toBe(false);
  });
});
