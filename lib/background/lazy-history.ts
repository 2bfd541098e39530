// A chart's price history (history-part.ts) loads with the first prices.history (in Chrome's worker as a
// part of its own, lazy-part.ts): no page's first screen shows one.
import { lazyPart } from './lazy-part';

export const historyPart = lazyPart('price history', () => import('./sources/history-part'));
