// listAlerts.list / save / delete. Saving names the list as IG has it; changing an alert's condition
// or list starts it afresh (nothing latched, no history of the old condition).
import { i18n } from '#i18n';
import { conditionError, type ListAlert } from '../../alerts/list-rules';
import { sayList } from '../../alerts/list-say';
import { ValidationError } from '../../api/errors';
import type { Handlers } from '../handlers/table';
import { NotFoundError } from '../routing/errors';
import { readListAlerts, updateListAlerts } from './list-check';

/** Each alert's lists are read now and then; this bounds those reads. */
export const MAX_LIST_ALERTS = 20;

export const listAlertHandlers: Pick<Handlers, 'listAlerts.list' | 'listAlerts.save' | 'listAlerts.delete'> = {
  'listAlerts.list': async () => (await readListAlerts()).slice().sort((a, b) => a.createdAt - b.createdAt),

  'listAlerts.save': async (input, ctx) => {
    const problem = conditionError(input.condition);
    if (problem) throw new ValidationError('condition', sayList(problem));
    const list = (await ctx.markets.watchlist(input.watchlistId)).value;
    return updateListAlerts((all) => {
      const existing = input.id ? all.find((a) => a.id === input.id) : undefined;
      if (input.id && !existing) throw new NotFoundError(i18n.t('workerError.listAlertGone'));
      if (!existing && all.length >= MAX_LIST_ALERTS) {
        throw new ValidationError(
          'watchlistId',
          i18n.t('workerError.tooManyListAlerts', { max: String(MAX_LIST_ALERTS) }),
        );
      }
      const same =
        existing &&
        existing.watchlistId === input.watchlistId &&
        JSON.stringify(existing.condition) === JSON.stringify(input.condition);
      const alert: ListAlert = {
        id: existing?.id ?? crypto.randomUUID(),
        watchlistId: list.summary.id,
        watchlistName: list.summary.name,
        condition: input.condition,
        createdAt: existing?.createdAt ?? ctx.now(),
        latched: same ? existing.latched : [],
        open: same ? existing.open : {},
        history: same ? existing.history : [],
      };
      const next = existing ? all.map((a) => (a.id === alert.id ? alert : a)) : [...all, alert];
      return { all: next, result: alert };
    });
  },

  'listAlerts.delete': async ({ id }) =>
    updateListAlerts((all) => {
      if (!all.some((a) => a.id === id)) throw new NotFoundError(i18n.t('workerError.listAlertGone'));
      return { all: all.filter((a) => a.id !== id), result: null };
    }),
};
