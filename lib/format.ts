// Formatting of prices, changes and ages for display.

/** Decimal places a price shows, from its magnitude (IG quotes FX to 5 significant places). */
export function decimalsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1000) return 1;
  if (abs >= 100) return 2;
  if (abs >= 10) return 3;
  if (abs >= 1) return 4;
  return 5;
}

/** One formatter per number of decimals: `toLocaleString` with options builds a new one on every call. */
const formatters = new Map<number, Intl.NumberFormat>();

export function formatPrice(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const places = decimals ?? decimalsFor(value);
  let format = formatters.get(places);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { minimumFractionDigits: places, maximumFractionDigits: places });
    formatters.set(places, format);
  }
  return format.format(value);
}

/** Signed; a value that shows as zero at these decimals (−0, −0.001 at 2) has no sign. */
export function formatChange(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const places = decimals ?? decimalsFor(value);
  const shown = Math.round(Math.abs(value) * 10 ** places) === 0 ? 0 : value;
  const sign = shown > 0 ? '+' : shown < 0 ? '−' : '';
  return sign + formatPrice(Math.abs(value), places);
}

export function formatPct(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(value: number | null | undefined): Trend {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** The spread in the price's own units, or null without both sides. */
export function spreadOf(bid: number | null, offer: number | null): number | null {
  if (bid === null || offer === null) return null;
  return offer - bid;
}

export function midOf(bid: number | null, offer: number | null): number | null {
  if (bid === null || offer === null) return bid ?? offer;
  return (bid + offer) / 2;
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago". */
export function formatAge(fetchedAt: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} d ago`;
}

/** Human words for the service's market states. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'TRADEABLE':
      return 'Open';
    case 'CLOSED':
      return 'Closed';
    case 'EDITS_ONLY':
      return 'Edits only';
    case 'OFFLINE':
      return 'Offline';
    case 'ON_AUCTION':
    case 'ON_AUCTION_NO_EDITS':
      return 'Auction';
    case 'SUSPENDED':
      return 'Suspended';
    case 'CLOSINGS_ONLY':
      return 'Closings only';
    case 'DEAL_NO_EDIT':
      return 'No edits';
    default:
      return 'Unknown';
  }
}
