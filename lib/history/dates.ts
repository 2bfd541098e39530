// Dates in IG's history come in two forms: ISO-like ("2018-05-18T13:19:02", "2018-05-09", with or
// without milliseconds and zone) and the older day-first form ("01/01/20" with a separate "12:00").
// Both become an ISO instant in UTC ("2018-05-18T13:19:02.000Z"), or null where the text is not a date.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const SLASHED = /^(\d{4})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_FIRST = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0, offsetMin = 0): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCDate() !== d) return null;
  return new Date(t).toISOString();
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

/** An ISO instant from IG's history date (and, in the older form, its separate time), or null. */
export function historyInstant(date: unknown, time?: unknown): string | null {
  if (typeof date !== 'string') return null;
  const text = date.trim();
  let m = ISO.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s, ms, zone] = m;
    return utc(
      +`${y}`,
      +`${mo}`,
      +`${d}`,
      +(h ?? 0),
      +(mi ?? 0),
      +(s ?? 0),
      +(ms ?? '0').padEnd(3, '0'),
      offsetMinutes(zone),
    );
  }
  m = SLASHED.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    return utc(+`${y}`, +`${mo}`, +`${d}`, +(h ?? 0), +(mi ?? 0), +(s ?? 0));
  }
  m = DAY_FIRST.exec(text);
  if (m) {
    const [, d, mo, y = ''] = m;
    const year = y.length === 2 ? 2000 + Number(y) : Number(y);
    const t = typeof time === 'string' ? TIME.exec(time.trim()) : null;
    return utc(year, +`${mo}`, +`${d}`, +(t?.[1] ?? 0), +(t?.[2] ?? 0), +(t?.[3] ?? 0));
  }
  return null;
}
