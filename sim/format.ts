/** Date and number formats of the gateway. Local time is UTC (sessions report timezoneOffset 0). */

const p2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const p3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

function parts(ms: number) {
  const d = new Date(ms);
  return {
    y: d.getUTCFullYear(),
    mo: p2(d.getUTCMonth() + 1),
    d: p2(d.getUTCDate()),
    h: p2(d.getUTCHours()),
    mi: p2(d.getUTCMinutes()),
    s: p2(d.getUTCSeconds()),
    ms: p3(d.getUTCMilliseconds()),
  };
}

/** "HH:mm:ss" */
export function hms(ms: number): string {
  const p = parts(ms);
  return `${p.h}:${p.mi}:${p.s}`;
}

/** "yyyy/MM/dd HH:mm:ss" (prices v2/v3 snapshotTime) */
export function slashDateTime(ms: number): string {
  const p = parts(ms);
  return `${p.y}/${p.mo}/${p.d} ${p.h}:${p.mi}:${p.s}`;
}

/** "yyyy:MM:dd-HH:mm:ss" (prices v1 snapshotTime) */
export function colonDateTime(ms: number): string {
  const p = parts(ms);
  return `${p.y}:${p.mo}:${p.d}-${p.h}:${p.mi}:${p.s}`;
}

/** "yyyy-MM-ddTHH:mm:ss" (snapshotTimeUTC, createdDateUTC) */
export function isoSeconds(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}:${p.s}`;
}

/** "yyyy-MM-ddTHH:mm:ss.SSS" (confirm date) */
export function isoMillis(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}:${p.s}.${p.ms}`;
}

/** "yyyy/MM/dd HH:mm:ss:SSS" (position and order createdDate) */
export function createdDate(ms: number): string {
  const p = parts(ms);
  return `${p.y}/${p.mo}/${p.d} ${p.h}:${p.mi}:${p.s}:${p.ms}`;
}

/** "yyyy/MM/dd HH:mm" (working order goodTillDate) */
export function slashMinutes(ms: number): string {
  const p = parts(ms);
  return `${p.y}/${p.mo}/${p.d} ${p.h}:${p.mi}`;
}

/** "yyyy-MM-ddTHH:mm" */
export function isoMinutes(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}`;
}

/** "yyyy-MM-dd" */
export function isoDate(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d}`;
}

const DATE_RE =
  /^(\d{4})[-/:](\d{2})[-/:](\d{2})(?:[T\s-](\d{2}):(\d{2})(?::(\d{2})(?:[.:](\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses the date forms clients send: "yyyy-MM-ddTHH:mm:ss[.SSS][Z|±hh:mm]", "yyyy-MM-dd HH:mm:ss",
 * "yyyy:MM:dd-HH:mm:ss", "yyyy/MM/dd HH:mm:ss", "yyyy-MM-dd", or milliseconds since 1970.
 * Without a zone the time is UTC. Returns undefined when malformed.
 */
export function parseDate(text: string): number | undefined {
  const s = text.trim();
  if (/^\d{10,14}$/.test(s)) return Number(s);
  const m = DATE_RE.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '0', zone] = m;
  let t = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(sec),
    Number(frac.padEnd(3, '0')),
  );
  if (Number.isNaN(t) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59) return undefined;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return t;
}

/** Rounds to `decimals` places and removes binary noise. */
export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The expiry code ("DEC-26") of the month `ahead` months after the month of `ms`. */
export function expiryCode(ms: number, ahead: number): string {
  const d = new Date(ms);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + ahead;
  return `${MONTHS[total % 12]}-${String(Math.floor(total / 12) % 100).padStart(2, '0')}`;
}

/** Start (ms) of the month named by an expiry code such as "DEC-26". */
export function expiryMonthStart(code: string): number | undefined {
  const m = /^(?:\d{2}-)?([A-Z]{3})-(\d{2})$/.exec(code);
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[1] ?? '');
  if (month < 0) return undefined;
  return Date.UTC(2000 + Number(m[2]), month, 1);
}
