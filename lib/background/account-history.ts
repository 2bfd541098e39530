// The account's history for the side panel: IG's activity one page at a time (each page remembers the
// query of the next, from IG's paging link) and a period's transactions whole (pageSize 0), both through
// the cache. A fresh entry (lib/history/changes.ts: nothing changed the account's history since it was
// fetched) costs no request; a refresh, or an entry history changed after, asks IG again. Pages are cached
// per account and period, stamped with the time their request started; a malformed reply throws before
// anything is written.
import type { ActivityEntry } from '../history/cached';
import { historyFresh } from '../history/changes';
import { activityKey, HISTORY_ACCOUNT_KEY, historyChangedKey, transactionsKey } from '../history/keys';
import type { ActivityQuery, HistoryTransaction } from '../history/types';
import type { HandlerContext, Handlers } from './handlers';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** The pages read the cache of this account for their first paint (lib/history/cached.ts). */
async function rememberAccount(ctx: HandlerContext, accountId: string): Promise<void> {
  const held = await ctx.cache.get<string>('account-history', HISTORY_ACCOUNT_KEY);
  if (held?.value !== accountId) await ctx.cache.put('account-history', HISTORY_ACCOUNT_KEY, accountId);
}

/** Whether a cached entry of the account can be served without asking IG. */
async function freshFor(ctx: HandlerContext, accountId: string, fetchedAt: number): Promise<boolean> {
  const stamp = await ctx.cache.get<number>('account-history', historyChangedKey(accountId));
  return historyFresh(fetchedAt, stamp?.value, ctx.historyLiveSince?.() ?? null, ctx.now());
}

export const accountHistoryHandlers: Pick<Handlers, 'accountHistory.activity' | 'accountHistory.transactions'> = {
  async 'accountHistory.activity'({ from, to, page, refresh }, ctx) {
    const { accountId } = await ctx.session.account();
    const key = (n: number) => activityKey(accountId, from, to, n);
    const cached = await ctx.cache.get<ActivityEntry>('account-history', key(page));
    if (cached && !refresh && (await freshFor(ctx, accountId, cached.fetchedAt))) {
      await rememberAccount(ctx, accountId);
      return { activities: cached.value.activities, hasMore: cached.value.next !== null, fetchedAt: cached.fetchedAt };
    }
    let query: ActivityQuery | null = { from: iso(from), to: iso(to), detailed: true, pageSize: 50 };
    if (page > 0) {
      const before = await ctx.cache.get<ActivityEntry>('account-history', key(page - 1));
      // Without the page before (evicted, or never read), there is no link to follow: start from page 0.
      if (!before) return { activities: [], hasMore: false, fetchedAt: ctx.now() };
      query = before.value.next;
      if (!query) return { activities: [], hasMore: false, fetchedAt: before.fetchedAt };
    }
    const client = await ctx.getClient();
    const fetchedAt = ctx.now();
    const reply = await client.history.activity(query);
    await ctx.cache.put<ActivityEntry>('account-history', key(page), reply, fetchedAt);
    await rememberAccount(ctx, accountId);
    return { activities: reply.activities, hasMore: reply.next !== null, fetchedAt };
  },

  async 'accountHistory.transactions'({ from, to, refresh }, ctx) {
    const { accountId } = await ctx.session.account();
    const key = transactionsKey(accountId, from, to);
    const cached = await ctx.cache.get<HistoryTransaction[]>('account-history', key);
    if (cached && !refresh && (await freshFor(ctx, accountId, cached.fetchedAt))) {
      await rememberAccount(ctx, accountId);
      return { transactions: cached.value, fetchedAt: cached.fetchedAt };
    }
    const client = await ctx.getClient();
    const fetchedAt = ctx.now();
    const reply = await client.history.transactions({ type: 'ALL', from: iso(from), to: iso(to), pageSize: 0 });
    await ctx.cache.put('account-history', key, reply.transactions, fetchedAt);
    await rememberAccount(ctx, accountId);
    return { transactions: reply.transactions, fetchedAt };
  },
};
