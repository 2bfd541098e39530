import { Panel, type PanelSlots } from '../../components/sidepanel/Panel';
import type { LiveLink } from '../../lib/sidepanel/live';

// Parts of other features hosted by the panel; each is wired here once it exists.
const slots: PanelSlots = {};

export function App({ live }: { live: LiveLink }) {
  return <Panel live={live} slots={slots} />;
}
