import { h32, hashString } from '../random';
import type { World } from '../world';
import type { Item } from './items';
import type { StreamSession } from './session';
import type { TradeEvent, TradeWatcher } from './trades';
import { currentFields, type Fields } from './values';

const BEAT_MS = 1000;

/** When each market ticks: every 250–1000 ms, a seeded sequence per epic (real time; values follow the sim clock). */
export class TickSchedule {
  private readonly next = new Map<string, { at: number; n: number; key: number }>();

  constructor(private readonly seed: number) {}

  /** True when `epic` is due at `real`; a market seen for the first time starts its sequence. */
  due(epic: string, real: number): boolean {
    let e = this.next.get(epic);
    if (!e) {
      const key = hashString(epic);
      e = { at: real + this.interval(key, 0), n: 1, key };
      this.next.set(epic, e);
      return false;
    }
    if (real < e.at) return false;
    e.at = Math.max(e.at + this.interval(e.key, e.n), real);
    e.n++;
    return true;
  }

  private interval(key: number, n: number): number {
    return 250 + (h32(this.seed, key, n) % 751);
  }
}

const epicOf = (item: Item) => ('epic' in item ? item.epic : undefined);

/** One pass over every session: ticks of due markets, the 1 s beat (heartbeat, account), TRADE events, PROBE. */
export class Pump {
  private lastBeat = 0;

  constructor(
    private readonly world: World,
    private readonly schedule: TickSchedule,
    private readonly trades: TradeWatcher,
  ) {}

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
        d = this.schedule.due(epic, real);
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
      if (s.closed || !s.socket || s.stalled) {
        s.probe(real);
        continue;
      }
      const lines: string[] = [];
      for (const sub of s.subscriptions.values()) {
        sub.items.forEach((item, i) => {
          if (item.kind === 'trade') {
            for (const ev of events) if (ev.accountId === item.accountId) lines.push(tradeLine(s, sub, i, ev));
            return;
          }
          const epic = epicOf(item);
          const go = epic === undefined ? beat : due(epic);
          if (!go) return;
          const line = s.update(sub, i, fieldsOf(item));
          if (line) lines.push(line);
        });
      }
      sent += lines.length;
      s.send(...lines);
      s.probe(real);
    }
    return sent;
  }
}

function tradeLine(s: StreamSession, sub: Parameters<StreamSession['update']>[0], i: number, ev: TradeEvent): string {
  const fields: Fields = { CONFIRMS: null, OPU: null, WOU: null, [ev.field]: ev.json };
  return s.update(sub, i, fields, true) as string;
}
