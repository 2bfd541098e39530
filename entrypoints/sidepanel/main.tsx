import '../../components/base.css';
import '../../components/flag.css';
import '../../components/sidepanel/sidepanel.css';
import '../../components/sidepanel/watchlist-rows.css';
import '../../components/sidepanel/watchlist-marks.css';
import '../../components/sidepanel/watchlist-narrow.css';
import '../../components/sidepanel/market-detail.css';
import { render } from 'preact';
import { i18n } from '#i18n';
import { watchWorkerBuild } from '../../components/StaleWorkerNotice';
import { preloadRouteView } from '../../components/sidepanel/Panel';
import { isFirefox } from '../../lib/browser-kind';
import { afterEarlyScreen } from '../../lib/early-screen/hand-over';
import { quietRefusedStorage } from '../../lib/or-miss';
import { type PanelFirstPaint, readPanelFirstPaint } from '../../lib/sidepanel/first-paint';
import { openPageLive } from '../../lib/sidepanel/page-live';
import { KEEP_AWAKE_MS } from '../../lib/stream/keep-awake';
import { App } from './App';

document.title = i18n.t('appTitle.sidepanel');
quietRefusedStorage(window);

// Started before the first render, so the storage and cache reads run while it renders.
const first = readPanelFirstPaint().catch(() => null);
// A view in a chunk of its own (History) loads alongside the first render, not after it.
void first.then((f) => f && preloadRouteView(f.route));
// The live port opens after the frame that shows the first rows (a hidden page has no frames: 100 ms at most).
const painted = first.then(
  () =>
    new Promise<void>((done) => {
      requestAnimationFrame(() => setTimeout(done));
      setTimeout(done, 100);
    }),
);
// Firefox streams in its event page only while a page asks for it, and would suspend it otherwise.
const live = openPageLive(isFirefox ? KEEP_AWAKE_MS : null, painted);
// A worker left from an earlier build says so above the list (asked once the first rows are drawn).
void painted.then(() => watchWorkerBuild());
// The first render waits for those reads (started by the page's early script, they are usually in by
// now), so that it shows the list at once rather than rendering again as each read comes in; it renders
// regardless after a moment. When the early script showed the screen the panel kept from its last opening
// (lib/early-screen/), the panel renders after that frame, hidden, and takes over when its rows are in.
const FIRST_WAIT_MS = 100;
let rendered = false;
const renderPanel = (ready?: PanelFirstPaint | null) => {
  if (rendered) return;
  rendered = true;
  render(<App live={live} first={first} ready={ready} />, document.getElementById('app')!);
};
afterEarlyScreen(() => {
  void first.then(renderPanel);
  setTimeout(renderPanel, FIRST_WAIT_MS);
});
