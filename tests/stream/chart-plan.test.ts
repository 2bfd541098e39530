import { describe, expect, it } from 'vitest';
import { chartSubscription, planCharts } from '../../lib/stream/chart-plan';
import { CHART_FIELDS } from '../../lib/stream/items';
import { diffSubscriptions } from '../../lib/stream/plan';

const A = 'CS.D.EURUSD.CFD.IP';
const B = 'IX.D.FTSE.DAILY.IP';
const C = 'CS.D.GBPUSD.CFD.IP';
const D = 'CS.D.USDJPY.CFD.IP';
const E = 'CS.D.BITCOIN.CFD.IP';

describe('which charts the stream carries', () => {
  it('charts at the resolutions the stream has, each once; others are left to the history', () => {
    expect(
      planCharts(
        [],
        [
          { epic: A, resolution: 'MINUTE' },
          { epic: A, resolution: 'MINUTE' },
          { epic: B, resolution: 'DAY' },
          { epic: B, resolution: 'HOUR' },
          { epic: C, resolution: 'MINUTE_10' },
          { epic: C, resolution: 'SECOND' },
          { epic: D, resolution: 'MINUTE_5' },
        ],
        4,
      ),
    ).toEqual([`CHART:${A}:1MINUTE`, `CHART:${B}:HOUR`, `CHART:${C}:SECOND`, `CHART:${D}:5MINUTE`]);
  });

  it('beyond the limit a new chart waits; the streamed ones keep their places, and a freed place is taken', () => {
    const four = [A, B, C, D].map((epic) => ({ epic, resolution: 'MINUTE' as const }));
    const now = planCharts([], four, 4);
    // A fifth chart shown first in the list does not push out one already streamed.
    const fifth = { epic: E, resolution: 'MINUTE' as const };
    expect(planCharts(now, [fifth, ...four], 4)).toEqual(now);
    // One closes: the fifth takes its place.
    expect(planCharts(now, [fifth, ...four.slice(1)], 4)).toEqual([
      `CHART:${B}:1MINUTE`,
      `CHART:${C}:1MINUTE`,
      `CHART:${D}:1MINUTE`,
      `CHART:${E}:1MINUTE`,
    ]);
    expect(planCharts(now, [], 4)).toEqual([]);
  });

  it("a chart's new resolution replaces its subscription alone; the others stay subscribed", () => {
    const before = planCharts(
      [],
      [
        { epic: A, resolution: 'MINUTE' },
        { epic: B, resolution: 'HOUR' },
      ],
      4,
    );
    const after = planCharts(
      before,
      [
        { epic: A, resolution: 'MINUTE_5' },
        { epic: B, resolution: 'HOUR' },
      ],
      4,
    );
    const diff = diffSubscriptions(before.map(chartSubscription), after.map(chartSubscription));
    expect(diff.unsubscribe).toEqual([`CHART:${A}:1MINUTE`]);
    expect(diff.subscribe).toEqual([
      { id: `CHART:${A}:5MINUTE`, mode: 'MERGE', items: [`CHART:${A}:5MINUTE`], fields: [...CHART_FIELDS] },
    ]);
    // A resolution the stream lacks: the chart's subscription goes, nothing comes in its place.
    const gone = planCharts(
      after,
      [
        { epic: A, resolution: 'MINUTE_10' },
        { epic: B, resolution: 'HOUR' },
      ],
      4,
    );
    expect(diffSubscriptions(after.map(chartSubscription), gone.map(chartSubscription))).toEqual({
      subscribe: [],
      unsubscribe: [`CHART:${A}:5MINUTE`],
    });
  });
});
