// The account as the stream keeps it (positions, orders, funds; made with its first TRADE or ACCOUNT update or
// a page's look) and the history's change stamps (lib/history/changes.ts).
import type { CacheWriterImpl } from '../../cache/writer';
import { accountTypeOf } from '../../dealing/account-type';
import { HistoryChangeWatch } from '../../history/changes';
import { historyChangedKey } from '../../history/keys';
import { type AccountState, accountState } from '../account/account-state';
import type { ClientHolder } from '../session/client-holder';
import type { MarketWatch } from '../sources/market-watch';
import type { LiveHub } from '../stream/live-hub';
import type { StreamView } from '../stream/live-stream';
import type { Late, LiveParts } from './late';

type Changed = Record<string, string | null>;

export interface AccountParts {
  account(): Promise<AccountState>;
  /** Marks the account's history changed now. */
  stampHistory(accountId: string): Promise<void>;
  /** Since when the stream has been live on the signed-in account (its history changes all seen), or null. */
  historyLiveSince(): number | null;
  /** A streamed TRADE update. */
  trade(item: string, changed: Changed): void;
  /** A streamed ACCOUNT update. */
  funds(item: string, changed: Changed): void;
  streamStateChanged(view: StreamView): void;
  /** The session moved to another account: what is held of the old one goes. */
  forgetSwitched(): void;
}

export interface AccountNeeds {
  clients: ClientHolder;
  markets: MarketWatch;
  hub: LiveHub;
  cache: CacheWriterImpl;
  now(): number;
  reportError(err: unknown): void;
  live: Late<LiveParts>;
}

export function accountParts({ clients, markets, hub, cache, now, reportError, live }: AccountNeeds): AccountParts {
  let accountAsked = false;
  const activeAccount = () => clients.peek()?.sessionInfo()?.accountId ?? null;
  // A stream still on the account the user switched away from keeps nothing of the new one current.
  const liveOnActive = () => {
    const { stream } = live.get();
    return stream?.state.mode === 'live' && stream.account !== null && stream.account === activeAccount();
  };
  let held: AccountState | null = null;
  const makeAccount = () =>
    accountState(
      {
        live: liveOnActive,
        activeAccount,
        // A market new to the cache (a deal made elsewhere) is looked up once, for its name and prices.
        quote: async (epic) =>
          (await markets.quoteSource.peek([epic])).get(epic) ??
          (await markets.quotes([epic]).catch(() => []))[0]?.value,
        accountType: () => accountTypeOf(clients.peek()?.sessionInfo()),
        contractSize: async (epic) => (await markets.quoteSource.peekFacts(epic))?.contractSize ?? null,
        changed: (what) => hub.broadcast({ kind: 'account', what }),
      },
      {
        live: liveOnActive,
        accountId: async () => (await clients.signedIn()).info.accountId,
        activeAccount,
        client: async () => (await clients.signedIn()).client,
        changed: (funds) => hub.broadcast({ kind: 'funds', funds }),
        now,
      },
    );
  const account = async () => {
    accountAsked = true;
    held ??= makeAccount();
    return held;
  };
  let liveSince: number | null = null;
  const stampHistory = (accountId: string) =>
    cache.put('account-history', historyChangedKey(accountId), now(), now()).catch(reportError);
  const historyWatch = new HistoryChangeWatch((accountId) => void stampHistory(accountId));
  // Updates wait for the same load, so they apply in the order they came.
  const withAccount = (act: (a: AccountState) => unknown) => void account().then(act).catch(reportError);

  return {
    account,
    stampHistory,
    historyLiveSince: () => (liveOnActive() ? liveSince : null),
    trade(item, changed) {
      historyWatch.trade(item, changed);
      withAccount((a) => a.live.trade(item, changed));
    },
    funds(item, changed) {
      historyWatch.account(item, changed);
      withAccount((a) => a.funds.streamed(item, changed));
    },
    streamStateChanged(view) {
      if (view.mode === 'live') liveSince ??= now();
      else {
        liveSince = null;
        historyWatch.reset();
      }
      // Nothing is held before the account part was asked for.
      if (view.mode !== 'live' && accountAsked)
        withAccount((a) => {
          a.live.forget();
          a.funds.stopped();
        });
    },
    forgetSwitched() {
      if (accountAsked)
        withAccount((a) => {
          a.live.forget();
          a.funds.forget();
        });
    },
  };
}
