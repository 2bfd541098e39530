import '../../components/base.css';
import '../../components/options/options.css';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { watchWorkerBuild } from '../../components/StaleWorkerNotice';
import { orMiss, quietRefusedStorage } from '../../lib/or-miss';
import { prefs } from '../../lib/settings/registry';
import { applyTheme } from '../../lib/settings/theme';
import { openPageLive } from '../../lib/sidepanel/page-live';
import { type CheckWorker, checkInWorker } from '../../lib/vault/estimate-worker';
import { estimateIn } from '../../lib/vault/estimator';
import { App } from './App';

// The static <title> is English; the page's language comes from the catalogue.
document.title = i18n.t('options.title');
quietRefusedStorage(window);

void orMiss(() => prefs.getValue(), null).then((p) => applyTheme(p?.theme ?? 'system'));
prefs.watch((p) => p && applyTheme(p.theme));

estimateIn(checkInWorker(() => new Worker(browser.runtime.getURL('/strength-worker.js')) as unknown as CheckWorker));

// The settings page watches no market; the live channel brings it status changes (account, permits, lock).
const live = openPageLive();

render(<App live={live} />, document.getElementById('app')!);
void watchWorkerBuild();
