import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { alertHandlers, epicOfNotification, onAlertNotificationClicked } from '../../lib/background/alerts';
import { alertTargets, checkAlerts, runAlertCheck } from '../../lib/background/alerts/check';
import type { Handlers } from '../../lib/background/handlers/table';
import type { AlertRule } from '../../lib/model';
import { alerts } from '../../lib/settings/registry';
import { sidepanelRoute } from '../../lib/sidepanel/route';
import { fakeContext, market } from './fake-context';
import { rule } from './rule';

const h = alertHandlers as Handlers;
const EURUSD = 'CS.D.EURUSD.MINI.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';

function universe() {
  return fakeContext({
    markets: [market(EURUSD, 'EUR/USD', 1.0845, 1.0846, 'EURUSD'), market(FTSE, 'FTSE 100', 7420, 7421)],
    sentiment: [{ marketId: 'EURUSD', longPositionPercentage: 62, shortPositionPercentage: 38 }],
  });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('alerts.create / list / delete / rearm', () => {
  it('stores a new rule durably in storage.local with the market’s name', async () => {
    const { ctx } = universe();
    const created = await h['alerts.create']({ epic: EURUSD, kind: 'above', target: 1.09, quiet: null }, ctx);
    expect(created).toMatchObject({ epic: EURUSD, instrumentName: 'EUR/USD', armed: true, reference: null });
    expect(await fakeBrowser.storage.local.get('alerts')).toEqual({ alerts: [created] });
    expect(await h['alerts.list']({}, ctx)).toEqual([created]);
  });

  it('a move rule is measured from the mid when it was created; a sentiment rule keeps the market id', async () => {
    const { ctx } = universe();
    const move = await h['alerts.create']({ epic: FTSE, kind: 'move-pct', target: 1, quiet: null }, ctx);
    expect(move.reference).toBe(7420.5);
    const s = await h['alerts.create']({ epic: EURUSD, kind: 'sentiment-long-above', target: 75, quiet: null }, ctx);
    expect(s.marketId).toBe('EURUSD');
  });

  it('refuses a sentiment rule for a market with no sentiment id, and an unknown epic', async () => {
    const { ctx } = universe();
    await expect(
      h['alerts.create']({ epic: FTSE, kind: 'sentiment-long-below', target: 20, quiet: null }, ctx),
    ).rejects.toThrow(/no client sentiment/);
    await expect(
      h['alerts.create']({ epic: 'XX.D.NOPE.IP', kind: 'above', target: 1, quiet: null }, ctx),
    ).rejects.toThrow(/No market/);
    expect(await alerts.getValue()).toEqual([]);
  });

  it('deletes, and re-arms a fired rule', async () => {
    const { ctx } = universe();
    const a = await h['alerts.create']({ epic: FTSE, kind: 'move-pct', target: 1, quiet: null }, ctx);
    const b = await h['alerts.create']({ epic: EURUSD, kind: 'below', target: 1.08, quiet: null }, ctx);
    await alerts.setValue(
      (await alerts.getValue()).map((r) => (r.id === a.id ? { ...r, armed: false, firedAt: 5 } : r)),
    );
    const again = await h['alerts.rearm']({ id: a.id }, ctx);
    expect(again).toMatchObject({ armed: true, firedAt: null, reference: 7420.5 });
    await h['alerts.delete']({ id: b.id }, ctx);
    expect((await alerts.getValue()).map((r) => r.id)).toEqual([a.id]);
    await expect(h['alerts.delete']({ id: b.id }, ctx)).rejects.toThrow(/no longer exists/);
  });
});

describe('checking on each refresh', () => {
  const notifier = () => ({ show: vi.fn(async () => {}) });

  it('fires once: stored as fired, one notification, nothing on the next refresh', async () => {
    await alerts.setValue([rule({ id: 'r1', kind: 'above', target: 1.085 })]);
    const n = notifier();
    const through = [market(EURUSD, 'EUR/USD', 1.0851, 1.0853)];
    const fired = await checkAlerts({ quotes: through, now: 1000 }, n);
    expect(fired.map((r) => r.id)).toEqual(['r1']);
    expect(n.show).toHaveBeenCalledTimes(1);
    expect(n.show).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'r1', armed: false, firedAt: 1000 }),
      { title: 'EUR/USD above 1.0850', message: 'Price 1.0852' },
      1000,
    );
    expect((await alerts.getValue())[0]).toMatchObject({ armed: false, firedAt: 1000 });
    await checkAlerts({ quotes: through, now: 2000 }, n);
    expect(n.show).toHaveBeenCalledTimes(1);
  });

  it('the rule is stored as fired before the notification, so a worker stopped in between never notifies twice', async () => {
    await alerts.setValue([rule({ id: 'r1' })]);
    let storedAtNotify: AlertRule[] = [];
    const n = {
      show: vi.fn(async () => {
        storedAtNotify = await alerts.getValue();
      }),
    };
    await checkAlerts({ quotes: [market(EURUSD, 'EUR/USD', 1.09, 1.09)], now: 1 }, n);
    expect(storedAtNotify[0]?.armed).toBe(false);
  });

  it('leaves rules whose market was not in this refresh alone, and ignores readings from long ago', async () => {
    await alerts.setValue([rule({ id: 'r1' })]);
    const n = notifier();
    await checkAlerts({ quotes: [market(FTSE, 'FTSE 100', 1, 2)], now: 1 }, n);
    const old = { value: market(EURUSD, 'EUR/USD', 1.09, 1.09), fetchedAt: 0, stale: true };
    await checkAlerts({ quotes: [old], now: 60 * 60_000 }, n);
    expect(n.show).not.toHaveBeenCalled();
    expect((await alerts.getValue())[0]?.armed).toBe(true);
  });

  it('gives a move rule created without a price its reference from the first usable one', async () => {
    await alerts.setValue([rule({ id: 'm', kind: 'move-pct', target: 1, reference: null })]);
    await checkAlerts({ quotes: [market(EURUSD, 'EUR/USD', 1.08, 1.08)], now: 1 }, notifier());
    expect((await alerts.getValue())[0]?.reference).toBe(1.08);
  });

  it('tells the engine what to fetch: armed rules’ epics and sentiment ids', async () => {
    await alerts.setValue([
      rule({ id: '1', kind: 'sentiment-long-above', target: 60, marketId: 'EURUSD' }),
      rule({ id: '2', epic: FTSE, armed: false }),
    ]);
    expect(await alertTargets()).toEqual({ epics: [EURUSD], marketIds: ['EURUSD'] });
  });

  it('runAlertCheck fetches armed alerts’ markets and sentiment in one batched call each', async () => {
    const { markets } = universe();
    await alerts.setValue([
      rule({ id: '1', kind: 'sentiment-long-above', target: 60, marketId: 'EURUSD' }),
      rule({ id: '2', epic: FTSE, kind: 'below', target: 7500 }),
    ]);
    const n = notifier();
    const fired = await runAlertCheck(markets, n, () => 5);
    expect(markets.quotes).toHaveBeenCalledTimes(1);
    expect(markets.quotes).toHaveBeenCalledWith([EURUSD, FTSE], { maxAgeMs: 60_000 });
    expect(markets.sentiment).toHaveBeenCalledWith(['EURUSD']);
    expect(fired.map((r) => r.id).sort()).toEqual(['1', '2']);
  });

  it('shows a browser notification whose click opens the market in the side panel (a tab when refused)', async () => {
    await alerts.setValue([rule({ id: 'r1' })]);
    await checkAlerts({ quotes: [market(EURUSD, 'EUR/USD', 1.09, 1.09)], now: 7 });
    const shown = await fakeBrowser.notifications.getAll();
    const [id] = Object.keys(shown);
    expect(shown).toEqual({
      [id as string]: expect.objectContaining({ title: 'EUR/USD above 1.0850', type: 'basic' }),
    });
    expect(epicOfNotification(id as string)).toBe(EURUSD);

    const open = vi.fn(() =>
      Promise.reject(new Error('`sidePanel.open()` may only be called in response to a user gesture.')),
    );
    Object.assign(fakeBrowser, { sidePanel: { open } });
    await onAlertNotificationClicked(id as string);
    expect(open).toHaveBeenCalledTimes(1);
    expect(await sidepanelRoute.getValue()).toMatchObject({ view: 'market', epic: EURUSD });
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain('chrome-extension://test-extension-id/sidepanel.html');
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it('a notification that is not an alert’s is ignored', () => {
    expect(onAlertNotificationClicked('something-else')).toBeUndefined();
  });
});
