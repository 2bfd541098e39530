import '../../components/base.css';
import '../../components/sidepanel/sidepanel.css';
import { render } from 'preact';
import { readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { openPageLive } from '../../lib/sidepanel/page-live';
import { App } from './App';

const live = openPageLive();
// Started before the first render, so the storage and cache reads run while it renders.
const first = readPanelFirstPaint().catch(() => null);
render(<App live={live} first={first} />, document.getElementById('app')!);
