// What a quote's figures say in words: its trend, spread and mid, and the market's state.
import { i18n } from '#i18n';

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

/** Human words for the service's market states. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'TRADEABLE':
      return i18n.t('status.open');
    case 'CLOSED':
      return i18n.t('status.closed');
    case 'EDITS_ONLY':
      return i18n.t('status.editsOnly');
    case 'OFFLINE':
      return i18n.t('status.offline');
    case 'ON_AUCTION':
    case 'ON_AUCTION_NO_EDITS':
      return i18n.t('status.auction');
    case 'SUSPENDED':
      return i18n.t('status.suspended');
    case 'CLOSINGS_ONLY':
      return i18n.t('status.closingsOnly');
    case 'DEAL_NO_EDIT':
      return i18n.t('status.noEdits');
    default:
      return i18n.t('status.unknown');
  }
}

/**
 * The mark a narrow cell shows for a market's state instead of its words (which stay for screen readers and
 * on hover): ⊘ where nothing can be dealt, ◐ where some dealing is allowed (edits, closings, auction).
 */
export function statusMark(status: string): string {
  switch (status) {
    case 'TRADEABLE':
      return '';
    case 'CLOSED':
    case 'OFFLINE':
    case 'SUSPENDED':
      return '⊘';
    case 'EDITS_ONLY':
    case 'ON_AUCTION':
    case 'ON_AUCTION_NO_EDITS':
    case 'CLOSINGS_ONLY':
    case 'DEAL_NO_EDIT':
      return '◐';
    default:
      return '?';
  }
}
