// List alerts in the background: saved from a watchlist, following the list as IG has it (re-read), checked
// on a batch of streamed or polled prices, stored as fired before one notification names the market.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { alertHandlers, alertHooks, startListAlerts } from '../../lib/background/alerts';
import { checkListAlerts, forgetListMembers, listAlertTargets } from '../../lib/background/alerts/list-check';
import type { Handlers } from '../../lib/background/handlers';
import type { Fresh, MarketQuote } from '../../lib/model';
import { listAlerts } from '../../lib/settings/registry';
import { fakeContext, market } from './fake-context';

const h = alertHandlers as Handlers;
const EURUSD = 'CS.D.EURUSD.MINI.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const GOLD = 'CS.D.CFDGOLD.CFM.IP';
const NOW = 1_700_000_000_000;

function universe() {
  return fakeContext({
    markets: [
      market(EURUSD, 'EUR/USD', 1.0845, 1.0846),
      market(FTSE, 'FTSE 100', 7420, 7421),
      market(GOLD, 'Gold', 2000, 2001),
    ],
    watchlists: [
      {
        summary: { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false },
        epics: [EURUSD, FTSE],
      },
    ],
    now: NOW,
  });
}

function tick(epic: string, percentageChange: number, at = NOW): Fresh<MarketQuote> {
  return {
    value: { ...market(epic, epic.split('.')[2] ?? epic, 1, 1.0002), percentageChange },
    fetchedAt: at,
    stale: false,
  };
}

function recorder() {
  const shown: { alertId: string; epic: string; title: string; message: string }[] = [];
  return {
    shown,
    notifier: {
      showList: vi.fn(
        async (alertId: string, n: { epic: string; title: string; message: string }) =>
          void shown.push({ alertId, ...n }),
      ),
    },
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  forgetListMembers();
});

describe('listAlerts.save / list / delete', () => {
  it('stores an alert named after its list, edits it in place, and deletes it', async () => {
    const { ctx } = universe();
    const saved = await h['listAlerts.save']({ watchlistId: 'W1', condition: { kind: 'day-change', pct: 2 } }, ctx);
    expect(saved).toMatchObject({ watchlistId: 'W1', watchlistName: 'Majors', latched: [], history: [] });
    expect((await fakeBrowser.storage.local.get('listAlerts')).listAlerts).toEqual([saved]);
    const edited = await h['listAlerts.save'](
      { id: saved.id, watchlistId: 'W1', condition: { kind: 'window-move', pct: 1, minutes: 15 } },
      ctx,
    );
    expect(edited).toMatchObject({ id: saved.id, createdAt: saved.createdAt, condition: { kind: 'window-move' } });
    expect(await h['listAlerts.list']({}, ctx)).toEqual([edited]);
    await h['listAlerts.delete']({ id: saved.id }, ctx);
    expect(await listAlerts.getValue()).toEqual([]);
  });

  it('refuses an unknown list and a condition out of range, storing nothing', async () => {
    const { ctx } = universe();
    await expect(
      h['listAlerts.save']({ watchlistId: 'NOPE', condition: { kind: 'day-change', pct: 2 } }, ctx),
    ).rejects.toThrow(/not found/i);
    await expect(
      h['listAlerts.save']({ watchlistId: 'W1', condition: { kind: 'window-move', pct: 1, minutes: 0.5 } }, ctx),
    ).rejects.toThrow(/whole number of minutes/);
    expect(await listAlerts.getValue()).toEqual([]);
  });
});

describe('checking a list alert', () => {
  it('watches the list’s markets, fires once for the market that crossed, naming it, and stores it as fired first', async () => {
    const { ctx } = universe();
    const saved = await h['listAlerts.save']({ watchlistId: 'W1', condition: { kind: 'day-change', pct: 2 } }, ctx);
    expect((await listAlertTargets(ctx.markets)).epics.sort()).toEqual([EURUSD, FTSE].sort());
    const { shown, notifier } = recorder();
    await checkListAlerts({ quotes: [tick(EURUSD, 0.5), tick(FTSE, 2.4), tick(GOLD, 9)], now: NOW }, notifier);
    expect(shown).toEqual([
      { alertId: saved.id, epic: FTSE, title: 'FTSE day change +2.40%', message: 'Watchlist “Majors”' },
    ]);
    const [stored] = await listAlerts.getValue();
    expect(stored).toMatchObject({ latched: [FTSE], history: [{ epic: FTSE, at: NOW, text: 'day change +2.40%' }] });
    // The next tick beyond the level adds nothing.
    await checkListAlerts({ quotes: [tick(FTSE, 2.6)], now: NOW }, notifier);
    expect(shown).toHaveLength(1);
  });

  it('follows the list as it changes on IG’s platform: a market added there fires at the next read', async () => {
    const { ctx, lists } = universe();
    await h['listAlerts.save']({ watchlistId: 'W1', condition: { kind: 'day-change', pct: 2 } }, ctx);
    await listAlertTargets(ctx.markets);
    const { shown, notifier } = recorder();
    await checkListAlerts({ quotes: [tick(GOLD, 3)], now: NOW }, notifier);
    expect(shown).toEqual([]);
    lists.get('W1')?.epics.push(GOLD);
    expect((await listAlertTargets(ctx.markets)).epics).toContain(GOLD);
    await checkListAlerts({ quotes: [tick(GOLD, 3)], now: NOW }, notifier);
    expect(shown.map((s) => s.epic)).toEqual([GOLD]);
  });

  it('fires nothing before its list was read (it cannot tell its markets from others)', async () => {
    const { ctx } = universe();
    await h['listAlerts.save']({ watchlistId: 'W1', condition: { kind: 'day-change', pct: 2 } }, ctx);
    const { shown, notifier } = recorder();
    await checkListAlerts({ quotes: [tick(FTSE, 3)], now: NOW }, notifier);
    expect(shown).toEqual([]);
  });

  it('joins the refresh engine: its markets are targets, and a refreshed batch is checked', async () => {
    const { ctx } = universe();
    startListAlerts(ctx);
    await h['listAlerts.save']({ watchlistId: 'W1', condition: { kind: 'day-change', pct: 2 } }, ctx);
    expect((await alertHooks.extraTargets?.())?.epics.sort()).toEqual([EURUSD, FTSE].sort());
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await alertHooks.afterRefresh?.({ quotes: [tick(EURUSD, -2.5)], sentiment: [], now: NOW });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0]).toMatch(
      new RegExp(`^marketside-alert\\|${EURUSD.replace(/\./g, '\\.')}\\|list-`),
    );
  });
});
