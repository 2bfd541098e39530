import { describe, expect, it } from 'vitest';
import { applyBadge, BADGE_DOWN, BADGE_FLAT, BADGE_UP, badgeFor, badgeText } from '../../lib/background/browser/badge';
import { epicOf, quoteOf } from './fake-market-data';

describe('badge', () => {
  it('shows the change in a few characters with its sign', () => {
    expect(badgeText(0.4)).toBe('+0.4');
    expect(badgeText(-1.23)).toBe('-1.2');
    expect(badgeText(12.7)).toBe('+13');
    expect(badgeText(-0.04)).toBe('0.0');
  });

  it('is green up, red down, grey when flat or unknown, and cleared when unpinned', async () => {
    const q = quoteOf(epicOf(1));
    expect(badgeFor({ ...q, percentageChange: 0.4 })).toMatchObject({ text: '+0.4', color: BADGE_UP });
    expect(badgeFor({ ...q, percentageChange: -2 })).toMatchObject({ text: '-2.0', color: BADGE_DOWN });
    expect(badgeFor({ ...q, percentageChange: null })).toMatchObject({ color: BADGE_FLAT });
    expect(badgeFor(null)).toBeNull();

    const calls: [string, unknown][] = [];
    const action = {
      setBadgeText: (d: { text: string }) => void calls.push(['text', d.text]),
      setBadgeBackgroundColor: (d: { color: string }) => void calls.push(['color', d.color]),
      setTitle: (d: { title: string }) => void calls.push(['title', d.title]),
    };
    await applyBadge(action, badgeFor({ ...q, percentageChange: 0.4 }));
    expect(calls).toContainEqual(['text', '+0.4']);
    expect(calls).toContainEqual(['color', BADGE_UP]);
    calls.length = 0;
    await applyBadge(action, null);
    expect(calls).toContainEqual(['text', '']);
  });
});
