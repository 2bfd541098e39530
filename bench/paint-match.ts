// Matching the prices the simulator sent with the rows that showed them, for tick-to-repaint latency. An
// update counts as painted when its row first shows its bid and offer (to the row's decimals); an update
// the row never showed (a newer one came first) is counted apart rather than matched to a later change.

/** A price update as sent (or received): when (epoch ms), which market, and its bid and offer when it changed them. */
export interface Sent {
  at: number;
  epic: string;
  bid?: string | null;
  offer?: string | null;
}

/** A row's text changed: when, which market, and the bid and offer text it shows then. */
export interface Painted {
  at: number;
  epic: string;
  bid: string;
  offer: string;
}

/** Whether a formatted price (thousands separators and all) shows this streamed value, to its own decimals. */
export function shows(text: string, value: string): boolean {
  const shown = text.replace(/[^\d.-]/g, '');
  if (shown === '' || value === '') return false;
  const decimals = shown.includes('.') ? shown.length - shown.indexOf('.') - 1 : 0;
  return Math.abs(Number(shown) - Number(value)) <= 0.5 * 10 ** -decimals + 1e-9;
}

export interface Matched {
  /** Send to first showing, per update that was shown (ms). */
  latencies: number[];
  /** Updates whose row showed a newer value before this one, or nothing within the bound. */
  unshown: number;
}

/** Each update's latency to the first row change at or after it showing its prices (within `boundMs`). */
export function valueLatencies(sent: Sent[], painted: Painted[], boundMs = 5_000): Matched {
  const byEpic = new Map<string, Painted[]>();
  for (const p of painted) {
    const list = byEpic.get(p.epic) ?? [];
    list.push(p);
    byEpic.set(p.epic, list);
  }
  for (const list of byEpic.values()) list.sort((a, b) => a.at - b.at);
  const latencies: number[] = [];
  let unshown = 0;
  for (const s of sent) {
    const hasBid = typeof s.bid === 'string' && s.bid !== '';
    const hasOffer = typeof s.offer === 'string' && s.offer !== '';
    if (!hasBid && !hasOffer) continue;
    const hit = (byEpic.get(s.epic) ?? []).find(
      (p) =>
        p.at >= s.at &&
        p.at - s.at <= boundMs &&
        (!hasBid || shows(p.bid, s.bid as string)) &&
        (!hasOffer || shows(p.offer, s.offer as string)),
    );
    if (hit) latencies.push(hit.at - s.at);
    else unshown++;
  }
  return { latencies, unshown };
}
