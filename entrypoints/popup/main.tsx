import '../../components/base.css';
import '../../components/flag.css';
import './popup.css';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { afterEarlyScreen } from '../../lib/early-screen/hand-over';
import { send } from '../../lib/messages/contract';
import { orMiss, quietRefusedStorage } from '../../lib/or-miss';
import { startFirstPaint } from '../../lib/popup/first-paint';
import { connectLive } from '../../lib/popup/live';
import { parsePopupParams } from '../../lib/popup/params';
import { openMarketInSidePanel } from '../../lib/popup/side-panel';
import { defaultPrefs, PREFS_STORED, watchStored } from '../../lib/settings/registry';
import { applyTheme } from '../../lib/settings/theme';
import { App } from './App';

// The popup's scripts have loaded and run (the benchmark reports this beside `first-content`).
performance.mark('popup-start');
document.title = i18n.t('appTitle.popup');
quietRefusedStorage(window);
const params = parsePopupParams(location.search);
const firstPaint = startFirstPaint(params);

void firstPaint.prefs.then((p) => applyTheme(p?.theme ?? 'system'));
watchStored(`local:${PREFS_STORED.key}`, defaultPrefs, (p) => applyTheme(p.theme));

// Known before any click, so that opening the side panel stays inside the click's user gesture.
let windowId: number | null = null;
void orMiss(() => browser.windows.getCurrent(), null).then((w) => {
  windowId = w?.id ?? null;
});

// The early script may be showing the screen the popup kept from its last opening (lib/early-screen/): the
// popup renders after that frame, hidden, and takes over when its rows are in.
afterEarlyScreen(() => {
  render(
    <App
      deps={{
        send,
        connectLive,
        openOptions: () => void browser.runtime.openOptionsPage(),
        openSidePanel: (epic) => openMarketInSidePanel(epic, windowId),
      }}
      params={params}
      firstPaint={firstPaint}
    />,
    document.getElementById('app')!,
  );
  // A worker left from an earlier build says so above the popup (its code loads after the popup's own).
  void import('../../components/StaleWorkerNotice').then((m) => m.watchWorkerBuild());
});
