// What both browsers' stream journeys read from the simulated service and the pages: the markets a
// 20-market watchlist holds, what the stream carries now, the price polls the service saw, and every
// text the stream state showed.
import { Universe } from '../../sim/universe';
import type { SimHandle } from '../harness';
import type { JourneyPage } from './driver';

/** GET /markets requests (price polls and market details) in the log from `from` on. */
export const marketPolls = (sim: SimHandle, from: number) =>
  sim.control
    .requestLog()
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path.startsWith('/markets'));

/** Twenty currency markets that trade now (the simulated clock starts on a weekday). */
export function twentyMarkets(sim: SimHandle): string[] {
  return new Universe(42, sim.control.now()).markets
    .filter((m) => m.epic.startsWith('CS.D.') && m.epic.endsWith('.CFD.IP'))
    .slice(0, 20)
    .map((m) => m.epic);
}

/** Epics of the PRICE items the simulated server streams now. */
export const streamedEpics = (sim: SimHandle) =>
  new Set(
    JSON.stringify(sim.control.state().streaming)
      .match(/PRICE:[A-Z0-9]+:[A-Za-z0-9._]+/g)
      ?.map((i) => i.split(':')[2]),
  );

/** Ids of the simulated server's stream sessions now. */
export const streamSessions = (sim: SimHandle) => sim.control.stream.state().sessions.map((s) => s.id);

/** Records every text the stream state shows, however briefly; the returned function reads them. */
export async function recordStreamStates(page: JourneyPage): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { streamStates: string[] }).streamStates = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="stream-state"]')?.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    note();
  }, null);
  return () => page.evaluate(() => [...(globalThis as unknown as { streamStates: string[] }).streamStates], null);
}
