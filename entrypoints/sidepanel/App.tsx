import { lazyComponent } from '../../components/sidepanel/lazy';
import { Panel, type PanelSlots } from '../../components/sidepanel/Panel';
import type { PanelFirstPaint } from '../../lib/sidepanel/first-paint';
import type { LiveLink } from '../../lib/sidepanel/live';

// Parts of other features the panel hosts, each loaded when first shown.
const AlertsList = lazyComponent(() => import('../../components/alerts/AlertsList').then((m) => m.AlertsList));
const AlertForm = lazyComponent(() => import('../../components/alerts/AlertForm').then((m) => m.AlertForm));
const ImportExport = lazyComponent(() =>
  import('../../components/watchlists/ImportExport').then((m) => m.ImportExport),
);

const slots: PanelSlots = {
  alertsList: () => <AlertsList />,
  alertForm: (market) => <AlertForm {...market} />,
  importExport: (watchlistId, onDone) => <ImportExport watchlistId={watchlistId} onDone={onDone} />,
};

export function App({
  live,
  first,
  ready,
}: {
  live: LiveLink;
  first?: Promise<PanelFirstPaint | null>;
  ready?: PanelFirstPaint | null;
}) {
  return <Panel live={live} slots={slots} first={first} ready={ready} />;
}
