// List alert rules over scripted price sequences: one firing per crossing, re-armed on crossing back,
// nothing while closed or stale, a flood as one notice, the window move, sentiment, open/close and a
// list whose members change.
import { describe, expect, it } from 'vitest';
import {
  checkListAlert,
  FLOOD_AT,
  type ListAlert,
  type ListCondition,
  type ListReading,
  listConditionText,
  listNotices,
  type MidSamples,
  type Say,
  STALE_MS,
} from '../../lib/alerts/list-rules';
import { sayList } from '../../lib/alerts/list-say';
import type { MarketStatus } from '../../lib/model';

const T0 = 1_700_000_000_000;
const EURUSD = 'CS.D.EURUSD.MINI.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
const GOLD = 'CS.D.CFDGOLD.CFM.IP';

function listAlert(condition: ListCondition, patch: Partial<ListAlert> = {}): ListAlert {
  return {
    id: 'L1',
    watchlistId: 'W1',
    watchlistName: 'Majors',
    condition,
    createdAt: T0,
    latched: [],
    open: {},
    history: [],
    ...patch,
  };
}

interface Tick {
  epic?: string;
  mid?: number;
  change?: number | null;
  status?: MarketStatus;
  /** ms before `now` the reading was taken. */
  age?: number;
  long?: number;
}

function reading(t: Tick, now: number): ListReading {
  const epic = t.epic ?? EURUSD;
  const mid = t.mid ?? 100;
  return {
    quote: {
      epic,
      instrumentName: epic.split('.')[2] ?? epic,
      bid: mid - 0.01,
      offer: mid + 0.01,
      marketStatus: t.status ?? 'TRADEABLE',
      percentageChange: t.change === undefined ? 0 : t.change,
    },
    at: now - (t.age ?? 0),
    sentiment:
      t.long === undefined
        ? null
        : { marketId: epic, longPositionPercentage: t.long, shortPositionPercentage: 100 - t.long },
  };
}

/** Runs a script of checks (one array of ticks per check, a minute apart) and returns the epics fired by each. */
function run(
  start: ListAlert,
  script: Tick[][],
  members: string[] = [EURUSD, FTSE, GOLD],
  samples: MidSamples = new Map(),
) {
  let alert = start;
  const fired: string[][] = [];
  script.forEach((ticks, i) => {
    const now = T0 + i * 60_000;
    const result = checkListAlert(
      alert,
      new Set(members),
      ticks.map((t) => reading(t, now)),
      now,
      samples,
      sayList,
    );
    alert = result.alert;
    fired.push(result.fired.map((f) => `${f.epic.split('.')[2]} ${f.text}`));
  });
  return { alert, fired };
}

describe('day change crossing ±X %', () => {
  const day = listAlert({ kind: 'day-change', pct: 2 });

  it('fires once per crossing, names the market, and re-arms when it crosses back', () => {
    const { fired, alert } = run(day, [
      [{ change: 1.2 }, { epic: FTSE, change: 0.3 }],
      [{ change: 2.05 }, { epic: FTSE, change: 0.4 }],
      [{ change: 2.6 }],
      [{ change: 1.9 }],
      [{ change: -2.2 }],
    ]);
    expect(fired).toEqual([[], ['EURUSD day change +2.05%'], [], [], ['EURUSD day change −2.20%']]);
    expect(alert.latched).toEqual([EURUSD]);
    expect(alert.history.map((h) => h.text)).toEqual(['day change −2.20%', 'day change +2.05%']);
  });

  it('fires nothing while the market is closed, and does not re-arm on a closed reading', () => {
    const { fired } = run(day, [
      [{ change: 3, status: 'CLOSED' }],
      [{ change: 3, status: 'OFFLINE' }],
      [{ change: 3 }],
      [{ change: 0, status: 'CLOSED' }],
      [{ change: 3 }],
    ]);
    expect(fired).toEqual([[], [], ['EURUSD day change +3.00%'], [], []]);
  });

  it('fires nothing on a stale price, however far it went', () => {
    const { fired } = run(day, [[{ change: 5, age: STALE_MS + 1 }], [{ change: 5, age: 1_000 }]]);
    expect(fired).toEqual([[], ['EURUSD day change +5.00%']]);
  });

  it('ignores markets outside the list', () => {
    const { fired } = run(day, [[{ epic: GOLD, change: 4 }, { change: 4 }]], [EURUSD]);
    expect(fired).toEqual([['EURUSD day change +4.00%']]);
  });
});

describe('list membership', () => {
  it('a market added to the list is watched from the next check; one removed leaves with its state', () => {
    const day = listAlert({ kind: 'day-change', pct: 1 });
    const first = checkListAlert(
      day,
      new Set([EURUSD]),
      [reading({ change: 2 }, T0), reading({ epic: FTSE, change: 2 }, T0)],
      T0,
      new Map(),
      sayList,
    );
    expect(first.fired.map((f) => f.epic)).toEqual([EURUSD]);
    // FTSE added on IG's platform, EUR/USD removed: FTSE fires, EUR/USD's latch goes.
    const second = checkListAlert(
      first.alert,
      new Set([FTSE]),
      [reading({ epic: FTSE, change: 2 }, T0)],
      T0,
      new Map(),
      sayList,
    );
    expect(second.fired.map((f) => f.epic)).toEqual([FTSE]);
    expect(second.alert.latched).toEqual([FTSE]);
    // EUR/USD back in the list fires again: its old crossing left with it.
    const third = checkListAlert(
      second.alert,
      new Set([FTSE, EURUSD]),
      [reading({ change: 2 }, T0)],
      T0,
      new Map(),
      sayList,
    );
    expect(third.fired.map((f) => f.epic)).toEqual([EURUSD]);
  });
});

describe('a move of X % within N minutes', () => {
  it('fires on a move inside the window, not on the same move spread over a longer time', () => {
    const fast = listAlert({ kind: 'window-move', pct: 1, minutes: 3 });
    // 100 → 101.2 in two minutes: fires. Then flat: the old low leaves the window and it re-arms.
    expect(
      run(fast, [
        [{ mid: 100 }],
        [{ mid: 100.5 }],
        [{ mid: 101.2 }],
        [{ mid: 101.2 }],
        [{ mid: 101.2 }],
        [{ mid: 101.2 }],
      ]).fired,
    ).toEqual([[], [], ['EURUSD moved +1.20% within 3 min'], [], [], []]);
    // The same 1.2 % over six minutes (0.2 % a minute) never moves 1 % within three.
    const slow = [100, 100.2, 100.4, 100.6, 100.8, 101, 101.2].map((mid) => [{ mid }]);
    expect(run(fast, slow).fired.flat()).toEqual([]);
  });

  it('after re-arming, a second move fires again; a fall counts as a move', () => {
    const fast = listAlert({ kind: 'window-move', pct: 1, minutes: 2 });
    const { fired } = run(fast, [[{ mid: 100 }], [{ mid: 101.5 }], [{ mid: 101.5 }], [{ mid: 101.5 }], [{ mid: 100 }]]);
    expect(fired).toEqual([[], ['EURUSD moved +1.50% within 2 min'], [], [], ['EURUSD moved −1.48% within 2 min']]);
  });
});

describe('client sentiment crossing Y % long or short', () => {
  it('fires on long ≥ Y once, re-arms below, and waits when no reading came', () => {
    const long = listAlert({ kind: 'sentiment', side: 'long', pct: 75 });
    const { fired } = run(long, [[{ long: 70 }], [{ long: 76 }], [{}], [{ long: 80 }], [{ long: 74 }], [{ long: 75 }]]);
    expect(fired).toEqual([[], ['EURUSD clients 76% long'], [], [], [], ['EURUSD clients 75% long']]);
  });

  it('short side', () => {
    const short = listAlert({ kind: 'sentiment', side: 'short', pct: 60 });
    expect(run(short, [[{ long: 45 }], [{ long: 38 }]]).fired).toEqual([[], ['EURUSD clients 62% short']]);
  });
});

describe('the market opening or closing', () => {
  const script: Tick[][] = [
    [{ status: 'CLOSED' }],
    [{ status: 'TRADEABLE' }],
    [{ status: 'TRADEABLE' }],
    [{ status: 'CLOSED' }],
    [{ status: 'CLOSED', age: STALE_MS + 1 }],
  ];

  it('fires on each change it saw happen, never on the first state it sees', () => {
    expect(run(listAlert({ kind: 'status', on: 'both' }), script).fired).toEqual([
      [],
      ['EURUSD opened'],
      [],
      ['EURUSD closed'],
      [],
    ]);
    expect(run(listAlert({ kind: 'status', on: 'open' }), script).fired.flat()).toEqual(['EURUSD opened']);
    expect(run(listAlert({ kind: 'status', on: 'close' }), script).fired.flat()).toEqual(['EURUSD closed']);
  });
});

describe('notices', () => {
  it('one notification per market fired, naming it and the list', () => {
    const alert = listAlert({ kind: 'day-change', pct: 2 });
    const { alert: after, fired } = (() => {
      const r = checkListAlert(alert, new Set([EURUSD, FTSE]), [reading({ change: 3 }, T0)], T0, new Map(), sayList);
      return r;
    })();
    expect(listNotices(after, fired, sayList)).toEqual([
      { epic: EURUSD, title: 'EURUSD day change +3.00%', message: 'Watchlist “Majors”' },
    ]);
  });

  it(`a flood (more than ${FLOOD_AT} markets in one check) becomes one notification listing them`, () => {
    const epics = ['A.D.ONE.IP', 'A.D.TWO.IP', 'A.D.THREE.IP', 'A.D.FOUR.IP', 'A.D.FIVE.IP'];
    const alert = listAlert({ kind: 'day-change', pct: 2 });
    const r = checkListAlert(
      alert,
      new Set(epics),
      epics.map((epic) => reading({ epic, change: 2.5 }, T0)),
      T0,
      new Map(),
      sayList,
    );
    expect(r.fired).toHaveLength(5);
    const notices = listNotices(r.alert, r.fired, sayList);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('5 markets in “Majors”: day change beyond ±2%');
    expect(notices[0]?.message).toBe(epics.map((e) => `${e.split('.')[2]} day change +2.50%`).join(' · '));
    expect(notices[0]?.epic).toBe('A.D.ONE.IP');
    // Three at once stay three notifications.
    expect(listNotices(r.alert, r.fired.slice(0, FLOOD_AT), sayList)).toHaveLength(FLOOD_AT);
  });

  it('takes every word from the catalogue it is given: a German one names the list and the move in German', () => {
    const german: Record<string, string> = {
      'listRule.dayChange': 'Tagesveränderung {change}',
      'listRule.watchlist': 'Watchlist „{watchlist}“',
    };
    const say: Say = (word, subs = {}) =>
      (german[word] ?? word).replace(/\{(\w+)\}/g, (_, name: string) => subs[name] ?? '');
    const r = checkListAlert(
      listAlert({ kind: 'day-change', pct: 2 }),
      new Set([EURUSD]),
      [reading({ change: -3 }, T0)],
      T0,
      new Map(),
      say,
    );
    expect(listNotices(r.alert, r.fired, say)).toEqual([
      { epic: EURUSD, title: 'EURUSD Tagesveränderung −3.00%', message: 'Watchlist „Majors“' },
    ]);
  });

  it('describes each condition', () => {
    expect(listConditionText({ kind: 'day-change', pct: 2 }, sayList)).toBe('day change beyond ±2%');
    expect(listConditionText({ kind: 'window-move', pct: 0.5, minutes: 15 }, sayList)).toBe('moves 0.5% within 15 min');
    expect(listConditionText({ kind: 'sentiment', side: 'short', pct: 70 }, sayList)).toBe('clients ≥ 70% short');
    expect(listConditionText({ kind: 'status', on: 'both' }, sayList)).toBe('opens or closes');
  });
});

it('returns the same alert when nothing changed, so nothing is stored', () => {
  const alert = listAlert({ kind: 'day-change', pct: 2 });
  expect(checkListAlert(alert, new Set([EURUSD]), [reading({ change: 1 }, T0)], T0, new Map(), sayList).alert).toBe(
    alert,
  );
});
