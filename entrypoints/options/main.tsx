import '../../components/base.css';
import '../../components/options/options.css';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { LIVE_PORT } from '../../lib/messages/contract';
import { prefs } from '../../lib/settings/registry';
import { applyTheme } from '../../lib/settings/theme';
import { LiveLink } from '../../lib/sidepanel/live';
import { App } from './App';

void prefs.getValue().then((p) => applyTheme(p.theme));
prefs.watch((p) => p && applyTheme(p.theme));

// The settings page watches no market; the live channel brings it status changes (account, permits, lock).
const live = new LiveLink(() => browser.runtime.connect({ name: LIVE_PORT }));
live.setVisible(document.visibilityState === 'visible');
live.start();
document.addEventListener('visibilitychange', () => live.setVisible(document.visibilityState === 'visible'));
addEventListener('pagehide', () => live.close());

render(<App live={live} />, document.getElementById('app')!);
