import { ext } from '../../lib/popup/browser';
import '../../components/base.css';
import './popup.css';
import { render } from 'preact';
import { send } from '../../lib/messages/contract';
import { settledSend } from '../../lib/popup/deps';
import { connectLive } from '../../lib/popup/live';
import { parsePopupParams } from '../../lib/popup/params';
import { openMarketInSidePanel } from '../../lib/popup/side-panel';
import { prefs } from '../../lib/settings/registry';
import { App } from './App';

function applyTheme(theme: string) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}
void prefs.getValue().then((p) => applyTheme(p.theme));
prefs.watch((p) => applyTheme(p.theme));

// Known before any click, so that opening the side panel stays inside the click's user gesture.
let windowId: number | null = null;
void ext.windows.getCurrent().then((w) => {
  windowId = w.id ?? null;
});

render(
  <App
    deps={{
      send: settledSend(send),
      connectLive,
      openOptions: () => void ext.runtime.openOptionsPage(),
      openSidePanel: (epic) => openMarketInSidePanel(epic, windowId),
    }}
    params={parsePopupParams(location.search)}
  />,
  document.getElementById('app')!,
);
