/** The simulated clock: real time plus an offset; advancing it moves prices, token and confirm expiry. */
export class SimClock {
  private readonly baseOffset: number;
  private offset: number;

  constructor(startMs?: number) {
    this.baseOffset = startMs === undefined ? 0 : startMs - Date.now();
    this.offset = this.baseOffset;
  }

  now(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  /** Undo every advance (real time keeps running). */
  reset(): void {
    this.offset = this.baseOffset;
  }
}

/** The default start: the most recent Wednesday 15:00 UTC, when FX, indices, commodities and UK, EU and US shares trade. */
export function defaultStart(realNow = Date.now()): number {
  const day = 86_400_000;
  const d = new Date(realNow);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  let t = midnight - ((d.getUTCDay() - 3 + 7) % 7) * day + 15 * 3_600_000;
  if (t > realNow) t -= 7 * day;
  return t;
}
