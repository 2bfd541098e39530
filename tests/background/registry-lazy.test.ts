// Loading the registry reads nothing: a page that needs one item reads that item only (and never the
// secrets it has no use for).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

beforeEach(() => {
  fakeBrowser.reset();
  vi.resetModules();
});

describe('the registry’s items', () => {
  it('read storage only when one is used, and then only that one', async () => {
    await fakeBrowser.storage.local.set({
      recentLookups: [{ epic: 'CS.D.EURUSD.CFD.IP', at: 1 }],
      recentLookups$: { v: 2 },
    });
    await fakeBrowser.storage.session.set({ secrets: { apiKey: 'KEY-1', password: 'pw' } });
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    const { recentLookups, registry } = await import('../../lib/settings/registry');
    await new Promise((r) => setTimeout(r, 20));
    expect(local).not.toHaveBeenCalled();
    expect(session).not.toHaveBeenCalled();

    expect(await recentLookups.getValue()).toEqual([{ epic: 'CS.D.EURUSD.CFD.IP', at: 1 }]);
    const asked = local.mock.calls.flatMap(([k]) => (Array.isArray(k) ? k : [k]));
    expect(new Set(asked)).toEqual(new Set(['recentLookups', 'recentLookups$']));
    expect(session).not.toHaveBeenCalled();
    // The items behave as items: their keys and the store's helpers that take them.
    expect(registry.recentLookups.key).toBe('local:recentLookups');
    expect('getValue' in registry.prefs).toBe(true);
  });
});
