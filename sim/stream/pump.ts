import { tickStart } from '../prices/series';
import type { World } from '../world';
import type { Value } from './encode';
import type { Item } from './items';
import type { StreamSession } from './session';
import type { TradeEvent, TradeWatcher } from './trades';
import { currentFields, type Fields } from './values';

const BEAT_MS = 1000;

/** Which markets ticked since they were last looked at (each ticks every 250–1000 ms of simulated time). */
export class TickWatch {
  private readonly last = new Map<string, number>();

  constructor(private readonly world: World) {}

  ticked(epic: string, now: number): boolean {
    const m = this.world.market(epic);
    if (!m) return false;
    const tick = tickStart(m, now);
    if (this.last.get(epic) === tick) return false;
    this.last.set(epic, tick);
    return true;
  }
}

const epicOf = (item: Item) => ('epic' in item ? item.epic : undefined);

/** One item's update as it went onto a socket: when (epoch ms), on which session, and the fields it changed. */
export interface SentUpdate {
  at: number;
  session: string;
  item: string;
  changed: Record<string, Value>;
}

function changedFields(names: readonly string[], before: readonly Value[] | undefined, after: readonly Value[]) {
  const changed: Record<string, Value> = {};
  names.forEach((name, i) => {
    if (!before || before[i] !== after[i]) changed[name] = after[i] ?? null;
  });
  return changed;
}

/** One pass over every session: markets that ticked, the 1 s beat (heartbeat, account), TRADE events, PROBE. */
export class Pump {
  private lastBeat = 0;

  constructor(
    private readonly world: World,
    private readonly ticks: TickWatch,
    private readonly trades: TradeWatcher,
  ) {}

  /** Called with each MERGE update written to a socket in a pass, once written (the benchmarks' send times). */
  record: ((sent: SentUpdate[]) => void) | null = null;

  /** Runs one pass; returns the number of `U` lines sent. */
  pass(sessions: Iterable<StreamSession>, real = Date.now()): number {
    const now = this.world.now();
    const beat = real - this.lastBeat >= BEAT_MS;
    if (beat) this.lastBeat = real;
    const events = this.trades.poll();
    const dueCache = new Map<string, boolean>();
    const due = (epic: string) => {
      let d = dueCache.get(epic);
      if (d === undefined) {
        d = this.ticks.ticked(epic, now);
        dueCache.set(epic, d);
      }
      return d;
    };
    const values = new Map<string, Fields>();
    const fieldsOf = (item: Item) => {
      let f = values.get(item.name);
      if (!f) {
        f = currentFields(this.world, item, now);
        values.set(item.name, f);
      }
      return f;
    };
    let sent = 0;
    for (const s of sessions) {
      if (s.closed || !s.socket) continue;
      const lines: string[] = [];
      const record = this.record && !s.stalled ? this.record : null;
      const written: Omit<SentUpdate, 'at'>[] = [];
      for (const sub of s.subscriptions.values()) {
        sub.items.forEach((item, i) => {
          if (item.kind === 'trade') {
            for (const ev of events) if (ev.accountId === item.accountId) lines.push(tradeLine(s, sub, i, ev));
            return;
          }
          // A stalled session holds TRADE events; MERGE values simply resume from the current ones.
          if (s.stalled) return;
          const epic = epicOf(item);
          const go = epic === undefined ? beat : due(epic);
          if (!go) return;
          const before = sub.last[i];
          const line = s.update(sub, i, fieldsOf(item));
          if (!line) return;
          lines.push(line);
          if (record)
            written.push({
              session: s.id,
              item: item.name,
              changed: changedFields(sub.fields, before, sub.last[i] ?? []),
            });
        });
      }
      if (!s.stalled) {
        sent += lines.length;
        s.updatesSent += lines.length;
      }
      s.send(...lines);
      if (record && written.length) {
        const at = Date.now();
        record(written.map((w) => ({ at, ...w })));
      }
      s.probe(real);
    }
    return sent;
  }
}

function tradeLine(s: StreamSession, sub: Parameters<StreamSession['update']>[0], i: number, ev: TradeEvent): string {
  const fields: Fields = { CONFIRMS: null, OPU: null, WOU: null, [ev.field]: ev.json };
  return s.update(sub, i, fields, true) as string;
}
