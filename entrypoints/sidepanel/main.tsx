import '../../components/base.css';
import '../../components/sidepanel/sidepanel.css';
import { render } from 'preact';
import { panelFirstPaint } from '../../lib/sidepanel/first-paint';
import { openPageLive } from '../../lib/sidepanel/page-live';
import { App } from './App';

/** How long the first render waits for the storage and cache reads it would show. */
const FIRST_PAINT_WAIT_MS = 300;

const live = openPageLive();
void panelFirstPaint(FIRST_PAINT_WAIT_MS).then((first) =>
  render(<App live={live} first={first} />, document.getElementById('app')!),
);
