// Market, price, sentiment and category reads: all through the market-watch service and its cache.
import { i18n } from '#i18n';
import { ValidationError } from '../../api';
import type { Handlers } from './table';

type MarketHandlers = Pick<
  Handlers,
  | 'markets.search'
  | 'markets.quotes'
  | 'markets.facts'
  | 'prices.history'
  | 'sentiment.get'
  | 'sentiment.related'
  | 'sentiment.history'
  | 'categories.list'
  | 'categories.instruments'
  | 'recent.add'
>;

const RECENT_CAP = 20;

export const marketHandlers: MarketHandlers = {
  'markets.search': async (req, ctx) => ctx.markets.search(req.term),
  'markets.quotes': async (req, ctx) => ctx.markets.quotes(req.epics),
  'markets.facts': async (req, ctx) => ctx.markets.facts(req.epic),

  'prices.history': async (req, ctx) => {
    if (req.to <= req.from) throw new ValidationError('to', i18n.t('workerError.rangeOrder'));
    return ctx.markets.history(req.epic, req.resolution, req.from, req.to);
  },

  'sentiment.get': async (req, ctx) => ctx.markets.sentiment(req.marketIds),
  'sentiment.related': async (req, ctx) => ctx.markets.related(req.marketId),
  'sentiment.history': async (req, ctx) => ctx.markets.sentimentHistory(req.marketId),
  'categories.list': async (_req, ctx) => ctx.markets.categories(),

  'categories.instruments': async (req, ctx) => {
    const instruments = await ctx.markets.categoryInstruments(req.categoryId, req.page, req.pageSize);
    return { instruments, page: req.page, pageSize: req.pageSize, hasMore: instruments.length >= req.pageSize };
  },

  'recent.add': async (req, ctx) => {
    const [quote] = await ctx.markets.quotes([req.epic]);
    const entry = { epic: req.epic, instrumentName: quote?.value.instrumentName ?? req.epic, at: ctx.now() };
    const list = await ctx.registry.recentLookups.getValue();
    await ctx.registry.recentLookups.setValue([entry, ...list.filter((r) => r.epic !== req.epic)].slice(0, RECENT_CAP));
    return null;
  },
};
