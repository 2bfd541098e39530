// Round trips from IG's captured activity: the closing deal and the deal it closed, or "not linked".

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ActivityResponseSchema, type RawTransaction } from '../../lib/api/schemas/history';
import { linkTrades } from '../../lib/history/link';
import { normaliseActivity, normaliseTransaction } from '../../lib/history/normalise';
import { summarise } from '../../lib/history/summary';
import type { HistoryActivity, HistoryTransaction } from '../../lib/history/types';
import { fixtureJson } from '../helpers/api-fixtures';

const bad = (where: string): never => {
  throw new Error(where);
};
const activitiesOf = (path: string) => {
  const body = v.parse(ActivityResponseSchema, fixtureJson(path));
  return body.activities.map((a, i) => normaliseActivity(a, i, bad));
};
const trade = (over: Partial<RawTransaction> = {}): HistoryTransaction =>
  normaliseTransaction(
    {
      date: '2018-05-18',
      dateUtc: '2018-05-18T13:19:02',
      openDateUtc: '2018-05-17T09:00:00',
      instrumentName: 'USD/CAD Mini',
      period: '-',
      profitAndLoss: 'C$-130.00',
      transactionType: 'DEAL',
      reference: 'ZZ7V1Q',
      openLevel: '1.28870',
      closeLevel: '1.28935',
      size: '+2',
      currency: 'C$',
      cashTransaction: false,
      ...over,
    },
    0,
    bad,
  );

const captured = activitiesOf('finance-ig/API/history/activity/GET_3.json');

describe('linking closed trades to their deals', () => {
  it("links IG's captured close: the activity's deal closed DIAAAACQTWLLTAW, and that close is this trade", () => {
    const t = trade();
    expect(linkTrades([t], captured).get(t)).toEqual({
      linked: true,
      openDealId: 'DIAAAACQTWLLTAW',
      closeDealId: 'DIAAAACQTW7MPAZ',
      openedAt: '2018-05-17T09:00:00.000Z',
      closedAt: '2018-05-18T13:19:02.000Z',
    });
  });

  it('does not link on the reference, and says so where no close has the level', () => {
    const t = trade({ closeLevel: '1.29000', reference: 'DIAAAACQTW7MPAZ' });
    expect(linkTrades([t], captured).get(t)).toEqual({
      linked: false,
      reason: 'none',
    });
  });

  it('refuses another market at the same level, and an open level that contradicts the opening deal', () => {
    const other = trade({ instrumentName: 'EUR/USD Mini' });
    expect(linkTrades([other], captured).get(other)?.linked).toBe(false);
    const opening: HistoryActivity = {
      ...(captured[0] as HistoryActivity),
      dealId: 'DIAAAACQTWLLTAW',
      level: 1.2887,
      description: 'Position opened: QTWLLTAW',
      actions: [{ type: 'POSITION_OPENED', dealId: 'DIAAAACQTWLLTAW' }],
    };
    const right = trade();
    const wrong = trade({ openLevel: '1.25' });
    const links = linkTrades([right, wrong], [...captured, opening]);
    expect(links.get(right)?.linked).toBe(true);
    expect(links.get(wrong)?.linked).toBe(false);
  });

  it('says "several" rather than pick one of two closes that fit equally', () => {
    const twin = { ...(captured[0] as HistoryActivity), dealId: 'DIAAAACQTWXXXXX', at: '2018-05-18T13:19:03.000Z' };
    const t = trade();
    expect(linkTrades([t], [...captured, twin]).get(t)).toEqual({
      linked: false,
      reason: 'several',
    });
    // …unless only one of them is within two seconds of the trade
    const far = { ...twin, at: '2018-05-18T15:00:00.000Z' };
    expect(linkTrades([t], [...captured, far]).get(t)?.linked).toBe(true);
  });

  it('without details, reads the closed id from the description and resolves it only when one opening ends with it', () => {
    const plain = captured.map((a) => ({ ...a, actions: [] }));
    const opening = (dealId: string): HistoryActivity => ({
      ...(plain[0] as HistoryActivity),
      dealId,
      level: null,
      description: `Position opened: ${dealId.slice(-8)}`,
    });
    const t = trade();
    expect(linkTrades([t], [...plain, opening('DIAAAACQTWLLTAW')]).get(t)).toMatchObject({
      linked: true,
      openDealId: 'DIAAAACQTWLLTAW',
    });
    expect(linkTrades([t], [...plain, opening('DIAAAACQTWLLTAW'), opening('DIAAAABQTWLLTAW')]).get(t)?.linked).toBe(
      false,
    );
    expect(linkTrades([t], plain).get(t)?.linked).toBe(false);
  });

  it("leaves the older v1 activity's short ids unresolved rather than guessing", () => {
    const v1 = activitiesOf('trading-ig/activities_v1.json');
    const t = trade({ instrumentName: 'Bund', closeLevel: '17354', openLevel: '17300' });
    expect(linkTrades([t], v1).get(t)?.linked).toBe(false);
  });

  it('gives cash movements no link at all', () => {
    const deposit = trade({ transactionType: 'DEPO', instrumentName: 'Bank Deposit' });
    expect(linkTrades([deposit], captured).has(deposit)).toBe(false);
  });
});

describe('period summary', () => {
  it('sums exactly, counts wins, names the largest win and loss and splits by market', () => {
    const list = [
      trade({ profitAndLoss: 'E1,000.10', instrumentName: 'FTSE 100' }),
      trade({ profitAndLoss: 'E-0.30', instrumentName: 'FTSE 100' }),
      trade({ profitAndLoss: 'E0.20', instrumentName: 'Gold' }),
      trade({ profitAndLoss: 'E-250.00', instrumentName: 'Gold' }),
      trade({ transactionType: 'DEPO', profitAndLoss: 'E10,000.00', instrumentName: 'Bank Deposit' }),
    ];
    expect(summarise(list)).toEqual({
      realised: '750.00',
      trades: 4,
      wins: 2,
      losses: 2,
      winRate: 0.5,
      largestWin: { value: '1000.10', market: 'FTSE 100' },
      largestLoss: { value: '-250.00', market: 'Gold' },
      byMarket: [
        { market: 'FTSE 100', realised: '999.80', trades: 2 },
        { market: 'Gold', realised: '-249.80', trades: 2 },
      ],
    });
    expect(summarise([]).winRate).toBeNull();
  });

  it('tells apart the largest win and loss where floating point cannot, and counts a zero as neither', () => {
    const list = [
      trade({ profitAndLoss: 'E12345678901234567.01', instrumentName: 'A' }),
      trade({ profitAndLoss: 'E12345678901234567.02', instrumentName: 'B' }),
      trade({ profitAndLoss: 'E-12345678901234567.02', instrumentName: 'C' }),
      trade({ profitAndLoss: 'E-12345678901234567.01', instrumentName: 'D' }),
      trade({ profitAndLoss: 'E0.00', instrumentName: 'E' }),
    ];
    expect(summarise(list)).toMatchObject({
      realised: '0.00',
      wins: 2,
      losses: 2,
      largestWin: { value: '12345678901234567.02', market: 'B' },
      largestLoss: { value: '-12345678901234567.02', market: 'C' },
    });
  });
});
