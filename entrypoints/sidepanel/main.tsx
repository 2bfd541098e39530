import '../../components/base.css';
import '../../components/sidepanel/sidepanel.css';
import { render } from 'preact';
import { readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { openPageLive } from '../../lib/sidepanel/page-live';
import { KEEP_AWAKE_MS } from '../../lib/stream/keep-awake';
import { App } from './App';

// Started before the first render, so the storage and cache reads run while it renders.
const first = readPanelFirstPaint().catch(() => null);
// The live port opens after the frame that shows the first rows (a hidden page has no frames: 100 ms at most).
const painted = first.then(
  () =>
    new Promise<void>((done) => {
      requestAnimationFrame(() => setTimeout(done));
      setTimeout(done, 100);
    }),
);
// Firefox streams in its event page only while a page asks for it, and would suspend it otherwise.
const live = openPageLive(import.meta.env.FIREFOX ? KEEP_AWAKE_MS : null, painted);
render(<App live={live} first={first} />, document.getElementById('app')!);
