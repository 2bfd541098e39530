// The toolbar badge: the pinned market's price.
import type { MarketQuote } from '../../model';
import { registry } from '../../settings/registry';
import { type ActionApi, applyBadge, badgeFor } from '../browser/badge';
import type { MarketWatch } from '../sources/market-watch';

export interface BadgeParts {
  showPinned(quote: MarketQuote | null): Promise<void>;
  /** Shows the pinned market's price now (from the cache when the service fails), or clears the badge. */
  refreshBadge(): Promise<void>;
}

export function badgeParts(action: ActionApi | undefined, markets: MarketWatch): BadgeParts {
  async function showPinned(quote: MarketQuote | null) {
    if (action) await applyBadge(action, badgeFor(quote));
  }
  async function refreshBadge(): Promise<void> {
    const epic = await registry.pinnedEpic.getValue();
    if (!epic) return showPinned(null);
    const cached = await markets.quoteSource.peek([epic]);
    const quote = await markets
      .quotes([epic])
      .then((q) => q[0]?.value ?? null)
      .catch(() => cached.get(epic) ?? null);
    await showPinned(quote);
  }
  return { showPinned, refreshBadge };
}
