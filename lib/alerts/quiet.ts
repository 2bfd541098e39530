// The quiet window of an alert: local wall-clock "HH:MM" from (inclusive) to (exclusive).
// A window whose end is before its start runs across midnight (22:00–07:00). Equal ends mean no window.

export interface QuietWindow {
  from: string;
  to: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after local midnight for "HH:MM", or null when the text is not a valid time. */
export function minutesOf(hhmm: string): number | null {
  const m = HHMM.exec(hhmm);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** True when `now` (epoch ms) falls inside the window in the local time zone. */
export function inQuietWindow(quiet: QuietWindow | null, now: number): boolean {
  if (!quiet) return false;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === null || to === null || from === to) return false;
  const d = new Date(now);
  const t = d.getHours() * 60 + d.getMinutes();
  return from < to ? t >= from && t < to : t >= from || t < to;
}
