import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openRoute, parseRoute, readRoute, type SidepanelRoute, watchRoute } from '../../lib/sidepanel/route';

beforeEach(() => fakeBrowser.reset());

describe('side panel route', () => {
  it('falls back to the watchlists for anything it does not understand', () => {
    expect(parseRoute(null)).toEqual({ view: 'watchlists' });
    expect(parseRoute({ view: 'market' })).toEqual({ view: 'watchlists' });
    expect(parseRoute({ view: 'market', epic: '<script>' })).toEqual({ view: 'watchlists' });
    expect(parseRoute({ view: 'nowhere' })).toEqual({ view: 'watchlists' });
    expect(parseRoute({ view: 'market', epic: 'CS.D.EURUSD.TODAY.IP', at: 5 })).toEqual({
      view: 'market',
      epic: 'CS.D.EURUSD.TODAY.IP',
      at: 5,
    });
  });

  it('is kept in session storage where the popup writes it and the panel reads it', async () => {
    await openRoute({ view: 'market', epic: 'IX.D.FTSE.DAILY.IP' });
    const stored = await fakeBrowser.storage.session.get('sidepanelRoute');
    expect(stored.sidepanelRoute).toMatchObject({ view: 'market', epic: 'IX.D.FTSE.DAILY.IP' });
    expect(await readRoute()).toMatchObject({ view: 'market', epic: 'IX.D.FTSE.DAILY.IP' });
  });

  it('tells the open panel about every request, even for the same market twice', async () => {
    const seen: SidepanelRoute[] = [];
    const stop = watchRoute((r) => seen.push(r));
    await openRoute({ view: 'market', epic: 'IX.D.FTSE.DAILY.IP' });
    await new Promise((r) => setTimeout(r, 2));
    await openRoute({ view: 'market', epic: 'IX.D.FTSE.DAILY.IP' });
    await openRoute({ view: 'browse' });
    await vi.waitFor(() => expect(seen.map((r) => r.view)).toEqual(['market', 'market', 'browse']));
    stop();
  });
});
