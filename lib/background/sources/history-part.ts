// What a chart's price history loads when the first one is asked for (prices.history): the source that
// merges it into the cache and the views of the service's replies (in Chrome's worker, a part of its own).
export { HistorySource } from './history-source';
export { historyOf } from './history-views';
