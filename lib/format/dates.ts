// Dates, times, time zones and trading hours in the locale; how old a reading is.
import { i18n } from '#i18n';
import { dateFormat } from './formatters';
import { formatLocale } from './locale';

/** Date and time in the user's time zone (or `timeZone`): "26/11/2026, 14:05" (de "26.11.2026, 14:05"). */
export function formatDateTime(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 'dt', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(ms);
}

/** Time of day with seconds in the user's time zone (or `timeZone`): "14:05:09". */
export function formatTime(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 't', { timeStyle: 'medium', timeZone }).format(ms);
}

/** A compact moment for chart axes and sentiment readings: "26 Nov, 14:05" (de "26. Nov., 14:05"). */
export function formatMoment(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 'm', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(ms);
}

/** A day: "26 Nov 2026" (de "26. Nov. 2026"). */
export function formatDay(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 'd', { day: '2-digit', month: 'short', year: 'numeric', timeZone }).format(ms);
}

/**
 * A time zone named as the user reads it on `at`: "United Kingdom Time, BST" (de "Vereinigtes Königreich
 * (Ortszeit), GMT+1"); UTC as "UTC".
 */
export function zoneName(timeZone: string, at: number, locale = formatLocale()): string {
  const part = (style: 'short' | 'shortGeneric') =>
    dateFormat(locale, `z${style}`, { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    const short = part('short') ?? timeZone;
    if (/^(UTC|Etc\/(UTC|GMT)|GMT)$/.test(timeZone)) return short;
    const generic = part('shortGeneric');
    return generic && generic !== short ? `${generic}, ${short}` : short;
  } catch {
    return timeZone;
  }
}

/**
 * A market's trading hours as IG publishes them (HH:MM in `timeZone`), on the locale's clock, the zone
 * named: "07:00–17:00 (UTC)"; en-US "7:00 AM–5:00 PM (UTC)".
 */
export function formatMarketHours(
  times: readonly { openTime: string; closeTime: string }[],
  timeZone: string,
  at: number = Date.now(),
  locale = formatLocale(),
): string {
  const clock = (hhmm: string) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
    if (!m) return hhmm;
    return dateFormat(locale, 'hm', { timeStyle: 'short', timeZone: 'UTC' }).format(
      Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])),
    );
  };
  const spans = times.map((t) => `${clock(t.openTime)}–${clock(t.closeTime)}`).join(', ');
  return `${spans} (${zoneName(timeZone, at, locale)})`;
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago" (in the UI language). */
export function formatAge(fetchedAt: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (s < 5) return i18n.t('age.justNow');
  if (s < 60) return i18n.t('age.seconds', s, { n: String(s) });
  const m = Math.round(s / 60);
  if (m < 60) return i18n.t('age.minutes', m, { n: String(m) });
  const h = Math.round(m / 60);
  if (h < 48) return i18n.t('age.hours', h, { n: String(h) });
  const d = Math.round(h / 24);
  return i18n.t('age.days', d, { n: String(d) });
}
