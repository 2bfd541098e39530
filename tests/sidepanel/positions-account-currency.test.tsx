// @vitest-environment happy-dom
// The positions view against a scripted background: each row's profit and loss and one total in the
// account's currency, the rate that converted them with its age, and "–" where no rate is known.
import { readFileSync } from 'node:fs';
import { act, cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDetails } from '../../lib/api/schemas/market';
import { factsFromDetails } from '../../lib/background/sources/views';
import type { Reply, StatusView } from '../../lib/messages/contract';
import type { Fresh, FundsView, MarketFacts, MarketQuote, PositionView } from '../../lib/model';
import { defaultPrefs } from '../../lib/settings/registry';
import { LiveLink } from '../../lib/sidepanel/live';
import { background } from '../helpers/scripted-background';
import { quote } from './fixtures';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { PanelContext, type PanelEnv } from '../../components/sidepanel/context';
import { PositionsView } from '../../components/sidepanel/PositionsView';

const DOW = 'IX.D.DOW.DAILY.IP';
const DAX = 'IX.D.DAX.DAILY.IP';
const EURUSD = 'CS.D.EURUSD.MINI.IP';

function position(patch: Partial<PositionView>): PositionView {
  return {
    dealId: 'D1',
    dealReference: null,
    epic: DOW,
    instrumentName: 'Wall Street',
    direction: 'BUY',
    size: 2,
    level: 35_000,
    currency: 'USD',
    stopLevel: null,
    limitLevel: null,
    createdAt: null,
    bid: 35_040,
    offer: 35_042,
    marketStatus: 'TRADEABLE',
    valuePerMove: 1,
    profitLoss: 80,
    ...patch,
  };
}

const dow = position({});
const dax = position({
  dealId: 'D2',
  epic: DAX,
  instrumentName: 'Germany 40',
  direction: 'SELL',
  size: 1,
  level: 18_000,
  currency: 'EUR',
  bid: 17_986.5,
  offer: 17_987.5,
  profitLoss: 12.5,
});

const funds: FundsView = {
  funds: {
    accountId: 'ACC1',
    currency: 'EUR',
    balance: 10_000,
    margin: 500,
    profitLoss: 81.82,
    available: 9_581.82,
    equity: 10_081.82,
  },
  fetchedAt: Date.now(),
  streamed: false,
};

/** IG's market details with IG's own conversion: IGMarkets' EUR/USD Mini reply (1 EUR = 1.154064 USD). */
function igFacts(epic: string, fetchedAt: number): Fresh<MarketFacts> {
  // happy-dom's import.meta.url is not a file URL: the fixture is read from the project's root.
  const text = readFileSync('tests/fixtures/ig/IGMarkets/markets_CS.D.EURUSD.MINI.IP.json', 'utf8');
  const value = factsFromDetails(JSON.parse(text.replace(/^\uFEFF/, '')) as MarketDetails);
  return { value: { ...value, epic }, fetchedAt, stale: false };
}

const ok = <T,>(data: T): Reply<T> => ({ ok: true, data });
const offline = (): Reply<never> => ({ ok: false, error: { kind: 'offline', message: 'offline' } });

function script(
  positions: PositionView[],
  facts: (epic: string) => Reply<Fresh<MarketFacts>>,
  extra: MarketQuote[] = [],
) {
  background.handlers = {
    'positions.list': () => ok(positions),
    'workingOrders.list': () => ok([]),
    'account.funds': () => ok(funds),
    // Only the markets asked for, as the service answers: a market it does not know is left out.
    'markets.quotes': (req) => {
      const known = [
        ...positions.map((p) => quote(p.epic, { bid: p.bid, offer: p.offer, updatedAt: Date.now() - 2_000 })),
        ...extra,
      ];
      const asked = (req as { epics: string[] }).epics;
      return ok(
        known.filter((q) => asked.includes(q.epic)).map((value) => ({ value, fetchedAt: Date.now(), stale: false })),
      );
    },
    'markets.facts': (req) => facts((req as { epic: string }).epic),
  };
}

function renderView() {
  const live = new LiveLink(() => ({
    postMessage() {},
    onMessage: { addListener() {} },
    onDisconnect: { addListener() {} },
    disconnect() {},
  }));
  live.start();
  const env: PanelEnv = {
    status: {
      stream: { mode: 'polling', reason: null, savedPerMinute: 0 },
      account: { accountId: 'ACC1', accountName: 'Demo', accountType: 'CFD', preferred: true },
    } as StatusView,
    prefs: defaultPrefs,
    updatePrefs: () => {},
    live,
    navigate: () => {},
    openSettings: () => {},
    dealing: null,
    theme: 'light',
  };
  render(
    <PanelContext.Provider value={env}>
      <PositionsView />
    </PanelContext.Provider>,
  );
}

const plCell = (name: string) => {
  const row = screen.getByText(name).closest('tr') as HTMLElement;
  const cells = within(row).getAllByRole('cell');
  return cells[cells.length - 1]?.textContent;
};

beforeEach(() => {
  background.calls = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("positions in the account's currency", () => {
  it("converts each row and one total at IG's rate, and shows the rate and its age", async () => {
    script([dow, dax], (epic) => ok(igFacts(epic, Date.now() - 3 * 60_000)));
    renderView();
    expect(await screen.findByText("1 EUR = 1.154064 USD · IG's rate, 3 min ago")).toBeTruthy();
    // 80.00 USD / 1.154064 = 69.32 EUR, under it the position's own figure.
    expect(plCell('Wall Street')).toBe('+69.32 EUR+80.00 USD');
    expect(plCell('Germany 40')).toBe('+12.50 EUR');
    expect(screen.getByTestId('positions-total').textContent).toBe('+81.82 EUR');
    expect(screen.queryByText(/Total \(USD\)/)).toBeNull();
    expect(screen.getByText('Total (EUR)')).toBeTruthy();
    // Only the market in another currency had its details read.
    expect(background.calls.filter(([n]) => n === 'markets.facts').map(([, r]) => r)).toEqual([{ epic: DOW }]);
  });

  it('says a rate read hours ago is old', async () => {
    script([dow, dax], (epic) => ok(igFacts(epic, Date.now() - 5 * 3_600_000)));
    renderView();
    expect(await screen.findByText("1 EUR = 1.154064 USD · IG's rate, 5 h ago (old)")).toBeTruthy();
  });

  it('shows "–" and says so, not a guess, when no rate is known', async () => {
    script([dow, dax], offline);
    renderView();
    expect(await screen.findByText('No USD to EUR rate known yet: its positions show no EUR figure.')).toBeTruthy();
    expect(plCell('Wall Street')).toBe('–+80.00 USD');
    expect(plCell('Germany 40')).toBe('+12.50 EUR');
    expect(screen.getByTestId('positions-total').textContent).toBe('–');
  });

  it("converts at a currency market's price when IG's replies carry no rate", async () => {
    // The panel holds EUR/USD (a position of its own here): 1 EUR = 1.15 USD at the mid.
    const fx = position({
      dealId: 'D3',
      epic: EURUSD,
      instrumentName: 'EUR/USD Mini',
      size: 1,
      level: 1.14,
      bid: 1.1499,
      offer: 1.1501,
      valuePerMove: 10_000,
      profitLoss: 99,
    });
    script([dow, dax, fx], offline);
    renderView();
    expect(await screen.findByText('1 EUR = 1.15 USD · CS.D.EURUSD.MINI.IP mid, just now')).toBeTruthy();
    // 80 / 1.15 = 69.57; 99 / 1.15 = 86.09; + 12.50.
    expect(plCell('Wall Street')).toBe('+69.57 EUR+80.00 USD');
    await act(async () => {});
    expect(screen.getByTestId('positions-total').textContent).toBe('+168.16 EUR');
  });

  it("watches a currency market for a currency IG's replies give no rate for", async () => {
    const eurusd = quote('CS.D.EURUSD.CFD.IP', { bid: 1.1499, offer: 1.1501, updatedAt: Date.now() });
    script([dow, dax], offline, [eurusd]);
    renderView();
    expect(await screen.findByText('1 EUR = 1.15 USD · CS.D.EURUSD.CFD.IP mid, just now')).toBeTruthy();
    expect(screen.getByTestId('positions-total').textContent).toBe('+82.07 EUR');
    expect(background.calls).toContainEqual(['markets.quotes', { epics: ['CS.D.EURUSD.CFD.IP'] }]);
  });

  it("prefers a live currency market to IG's rate read hours ago, and keeps IG's when none is found", async () => {
    const eurusd = quote('CS.D.EURUSD.TODAY.IP', {
      bid: 11_499,
      offer: 11_501,
      scalingFactor: 10_000,
      updatedAt: Date.now(),
    });
    script([dow, dax], (epic) => ok(igFacts(epic, Date.now() - 5 * 3_600_000)), [eurusd]);
    renderView();
    // The CFD market is unknown to this (spread-bet) account; its daily market is found next.
    expect(await screen.findByText('1 EUR = 1.15 USD · CS.D.EURUSD.TODAY.IP mid, just now')).toBeTruthy();
    expect(plCell('Wall Street')).toBe('+69.57 EUR+80.00 USD');
  });
});
