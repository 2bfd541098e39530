import { describe, expect, it } from 'vitest';
import { streamPerTest, subscribe, until } from './stream-helpers';

const setup = streamPerTest();

describe('the record of sends', () => {
  it('keeps each price update written while recording, with its time and the values the client then gets', async () => {
    const { sim, accountId, ls } = await setup({ rateLimits: false });
    const epic = 'CS.D.EURUSD.CFD.IP';
    const item = `PRICE:${accountId}:${epic}`;
    const rec = subscribe(ls, 'MERGE', [item], ['BIDPRICE1', 'ASKPRICE1'], { adapter: 'Pricing' });
    await until('the snapshot', () => rec.updates.length > 0);
    expect(sim.control.stream.sends()).toEqual([]);

    const before = Date.now();
    sim.control.stream.recordSends(true);
    const from = rec.updates.length;
    await until('two live updates', () => rec.updates.length >= from + 2, 15_000);
    const sends = sim.control.stream.sends();
    const session = sim.control.state().streaming.sessions[0];
    expect(session?.updatesSent).toBeGreaterThanOrEqual(sends.length);
    expect(sends.length).toBeGreaterThanOrEqual(2);
    for (const s of sends) {
      expect(s.session).toBe(session?.id);
      expect(s.item).toBe(item);
      expect(s.at).toBeGreaterThanOrEqual(before);
      expect(s.at).toBeLessThanOrEqual(Date.now());
    }
    // What the client received is what the record says was sent, field by field.
    rec.updates.slice(from, from + sends.length).forEach((u, i) => {
      const changed = sends[i]?.changed ?? {};
      expect(Object.keys(changed).sort()).toEqual([...u.changed].sort());
      for (const f of u.changed) expect(changed[f]).toBe(u.values[f]);
    });

    sim.control.stream.recordSends(false);
    const stoppedAt = rec.updates.length;
    await until('another update', () => rec.updates.length > stoppedAt, 15_000);
    expect(sim.control.stream.sends()).toEqual([]);
  });
});
