import '../../components/base.css';
import '../../components/sidepanel/sidepanel.css';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { LIVE_PORT } from '../../lib/messages/contract';
import { LiveLink } from '../../lib/sidepanel/live';
import { App } from './App';

const live = new LiveLink(() => browser.runtime.connect({ name: LIVE_PORT }));
live.setVisible(document.visibilityState === 'visible');
live.start();
document.addEventListener('visibilitychange', () => live.setVisible(document.visibilityState === 'visible'));
addEventListener('pagehide', () => live.close());

render(<App live={live} />, document.getElementById('app')!);
