// alerts.list / create / delete / rearm. Creating looks the market up through the service (its name,
// its sentiment id, and the mid a move is measured from); the rules live in storage.local.
import { i18n } from '#i18n';

import { isSentimentKind, usableMid } from '../../alerts/evaluate';
import { createRule, rearm } from '../../alerts/lifecycle';
import { ValidationError } from '../../api/errors';
import type { AlertRule } from '../../model';
import type { HandlerContext, Handlers } from '../handlers/table';
import { NotFoundError } from '../routing/errors';
import { readAlerts, updateAlerts } from './store';

/** Bounds what the alarm refresh must fetch (at most a few batches) and the stored list. */
export const MAX_ALERTS = 100;

async function currentQuote(ctx: HandlerContext, epic: string) {
  const [quote] = await ctx.markets.quotes([epic], { maxAgeMs: 60_000 });
  return quote?.value ?? null;
}

export const alertRuleHandlers: Pick<Handlers, 'alerts.list' | 'alerts.create' | 'alerts.delete' | 'alerts.rearm'> = {
  'alerts.list': async () => (await readAlerts()).slice().sort((a, b) => a.createdAt - b.createdAt),

  'alerts.create': async (input, ctx) => {
    if ((await readAlerts()).length >= MAX_ALERTS) {
      throw new ValidationError('epic', i18n.t('workerError.tooManyAlerts', { max: String(MAX_ALERTS) }));
    }
    if (input.kind === 'move-pct' && input.target > 100) {
      throw new ValidationError('target', i18n.t('workerError.moveTooBig'));
    }
    if (isSentimentKind(input.kind) && input.target >= 100) {
      throw new ValidationError('target', i18n.t('workerError.longPctRange'));
    }
    const quote = await currentQuote(ctx, input.epic);
    if (!quote) throw new NotFoundError(i18n.t('workerError.noMarket', { epic: input.epic }));
    let marketId = quote.marketId ?? null;
    if (!marketId && isSentimentKind(input.kind)) marketId = (await ctx.markets.facts(input.epic)).value.marketId;
    if (!marketId && isSentimentKind(input.kind)) {
      throw new ValidationError('kind', 'IG publishes no client sentiment for this market');
    }
    const rule = createRule(
      { epic: input.epic, kind: input.kind, target: input.target, quiet: input.quiet ?? null },
      { instrumentName: quote.instrumentName, marketId, mid: usableMid(quote) },
      crypto.randomUUID(),
      ctx.now(),
    );
    return updateAlerts((rules) => {
      if (rules.length >= MAX_ALERTS)
        throw new ValidationError('epic', i18n.t('workerError.tooManyAlerts', { max: String(MAX_ALERTS) }));
      return { rules: [...rules, rule], result: rule };
    });
  },

  'alerts.delete': async ({ id }) =>
    updateAlerts((rules) => {
      if (!rules.some((r) => r.id === id)) throw new NotFoundError(i18n.t('workerError.alertGone'));
      return { rules: rules.filter((r) => r.id !== id), result: null };
    }),

  'alerts.rearm': async ({ id }, ctx) => {
    const existing = (await readAlerts()).find((r) => r.id === id);
    if (!existing) throw new NotFoundError(i18n.t('workerError.alertGone'));
    // A move is measured from the price now; without one, from the next price a check sees.
    const mid =
      existing.kind === 'move-pct' ? usableMid(await currentQuote(ctx, existing.epic).catch(() => null)) : null;
    return updateAlerts((rules) => {
      const rule = rules.find((r) => r.id === id);
      if (!rule) throw new NotFoundError(i18n.t('workerError.alertGone'));
      const armed: AlertRule = rearm(rule, mid);
      return { rules: rules.map((r) => (r.id === id ? armed : r)), result: armed };
    });
  },
};
