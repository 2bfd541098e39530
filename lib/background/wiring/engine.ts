// The refresh engine's wiring: the user's cadence, the client's budget, the pinned market for the badge, the
// plugins' hooks, and what the stream carries (not polled).
import { RefreshEngine } from '../../engine/refresh-engine';
import { registry } from '../../settings/registry';
import type { BackgroundPlugin } from '../handlers/table';
import type { ClientHolder } from '../session/client-holder';
import type { MarketWatch } from '../sources/market-watch';
import type { BadgeParts } from './badge';
import type { BackgroundOptions } from './options';
import type { StatusParts } from './status';

export interface EngineNeeds {
  markets: MarketWatch;
  clients: ClientHolder;
  badge: BadgeParts;
  status: StatusParts;
  plugins: BackgroundPlugin[];
  streamed(): ReadonlySet<string>;
  now(): number;
}

export function engineParts(options: Pick<BackgroundOptions, 'timers'>, needs: EngineNeeds): RefreshEngine {
  const { clients, status } = needs;
  return new RefreshEngine({
    markets: needs.markets,
    prefs: () => registry.prefs.getValue(),
    budget: () => clients.peek()?.budget.state() ?? null,
    pinnedEpic: () => registry.pinnedEpic.getValue(),
    showPinned: needs.badge.showPinned,
    throttleChanged: () => void status.statusChanged().catch(() => undefined),
    reportError: status.reportError,
    hooks: needs.plugins.flatMap((p) => (p.hooks ? [p.hooks] : [])),
    streamed: needs.streamed,
    restingUntil: () => clients.outage.restingUntil(),
    now: needs.now,
    ...options.timers,
  });
}
