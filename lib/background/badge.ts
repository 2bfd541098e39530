// The toolbar badge: the pinned market's percentage change, coloured by direction.
import { formatNumber } from '../format';
import type { MarketQuote } from '../model';

export interface BadgeView {
  text: string;
  color: string;
  title: string;
}

export const BADGE_UP = '#1a7f37';
export const BADGE_DOWN = '#cf222e';
export const BADGE_FLAT = '#6e7781';

/** "+0.4", "-1.2", "+12", de "+0,4" (a badge holds about four characters). */
export function badgeText(pct: number): string {
  const abs = Math.abs(pct);
  const digits = abs >= 9.95 ? 0 : 1;
  const rounded = Math.round(abs * 10 ** digits) / 10 ** digits;
  if (rounded === 0) return formatNumber(0, 1);
  return `${pct > 0 ? '+' : '-'}${formatNumber(rounded, digits)}`;
}

export function badgeFor(quote: MarketQuote | null): BadgeView | null {
  if (!quote) return null;
  const pct = quote.percentageChange;
  const title = `Marketside: ${quote.instrumentName}`;
  if (pct === null || !Number.isFinite(pct)) return { text: '–', color: BADGE_FLAT, title };
  const text = badgeText(pct);
  const color = text === formatNumber(0, 1) ? BADGE_FLAT : pct > 0 ? BADGE_UP : BADGE_DOWN;
  return { text, color, title: `${title} ${text}%` };
}

export interface ActionApi {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
  setTitle(details: { title: string }): Promise<void> | void;
}

export async function applyBadge(action: ActionApi, badge: BadgeView | null): Promise<void> {
  if (!badge) {
    await action.setBadgeText({ text: '' });
    await action.setTitle({ title: 'Marketside' });
    return;
  }
  await action.setBadgeBackgroundColor({ color: badge.color });
  await action.setBadgeText({ text: badge.text });
  await action.setTitle({ title: badge.title });
}
