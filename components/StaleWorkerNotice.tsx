// What a page shows when the service worker answering it is from an earlier build (lib/release/stale-worker.ts):
// what happened and the one step that mends it. Shown above the page, so no page has to make room for it.
import { render } from 'preact';
import { i18n } from '#i18n';
import { isFirefox } from '../lib/browser-kind';
import { type Replies, type Reply, send } from '../lib/messages/contract';
import { BUILD_VERSION } from '../lib/release/build';
import { checkWorkerBuild, type WorkerCheck } from '../lib/release/stale-worker';

export function StaleWorkerNotice({ worker }: { worker: string | null }) {
  const action = i18n.t(isFirefox ? 'staleWorker.restartFirefox' : 'staleWorker.reloadChrome');
  const text = worker
    ? i18n.t('staleWorker.notice', { version: BUILD_VERSION, worker, action })
    : i18n.t('staleWorker.noticeOlder', { version: BUILD_VERSION, action });
  // Files changed under a running extension are served before it reloads, while it still reads the catalogue it
  // was loaded with: one from before these words says nothing, so the page names the versions and the page that
  // reloads it.
  const fallback = `Marketside ${BUILD_VERSION} ≠ ${worker ?? '…'} ⟳ ${isFirefox ? 'about:addons' : 'chrome://extensions'}`;
  return (
    <p role="alert" class="banner banner--error" data-testid="stale-worker">
      {text || fallback}
    </p>
  );
}

/** Asks the worker which build it is and, when it is an earlier one, shows the notice at the top of `into`. */
export async function watchWorkerBuild(
  ask: () => Promise<Reply<Replies['build.get']>> = () => send('build.get', {}),
  into: HTMLElement = document.body,
): Promise<WorkerCheck> {
  const check = checkWorkerBuild(await ask(), BUILD_VERSION);
  if (check.kind === 'stale') {
    const host = document.createElement('div');
    into.prepend(host);
    render(<StaleWorkerNotice worker={check.worker} />, host);
  }
  return check;
}
