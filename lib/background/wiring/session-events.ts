// What the session's events do to the rest: IG's outage ending restarts the stream, and a switch of account
// drops what was kept of the old one before the stream starts again on the new one.
import { i18n } from '#i18n';
import type { CacheWriterImpl } from '../../cache/writer';
import { HISTORY_ACCOUNT_KEY } from '../../history/keys';
import { forgetKeptScreens } from '../../settings/registry';
import type { ClientHolder } from '../session/client-holder';
import type { LiveStream } from '../stream/live-stream';
import type { AccountParts } from './account';
import type { StatusParts } from './status';

export interface SessionEventNeeds {
  clients: ClientHolder;
  cache: CacheWriterImpl;
  status: StatusParts;
  account: AccountParts;
  stream: LiveStream | null;
}

/** Listens to the session's events; returns what a handler calls after it switched the account. */
export function sessionEvents({ clients, cache, status, account, stream }: SessionEventNeeds): () => Promise<void> {
  const { statusChanged, reportError } = status;
  clients.outage.onChange(() => {
    void statusChanged().catch(() => undefined);
    if (clients.outage.failing) return;
    stream?.stop();
    void stream?.update().catch(reportError);
  });

  /**
   * The session moved to another account (PUT /session): what was kept of the old one is dropped, the pages
   * learn the new account, then the stream starts again on it; the old connection's updates go nowhere.
   */
  async function accountSwitched(): Promise<void> {
    // Pages read the cached history of the account this names: no longer the signed-in one.
    void cache.remove('account-history', [HISTORY_ACCOUNT_KEY]).catch(reportError);
    await forgetKeptScreens().catch(reportError);
    account.forgetSwitched();
    await statusChanged();
    stream?.stop();
    await stream?.update().catch(reportError);
  }
  // A login found the chosen account gone: the session stays on IG's current one, said plainly, as a switch.
  clients.onChosenAccountGone(async (chosen, current) => {
    status.showError({
      kind: 'not-found',
      message: i18n.t('workerError.accountGone', { chosen, current }),
    });
    await accountSwitched();
  });
  return accountSwitched;
}
