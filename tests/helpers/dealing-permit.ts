// A dealing permit on the demo account, granted now for an hour: what the dealing forms need to show.
import type { PermitView } from '../../lib/model';

export function dealingPermit(now = Date.now()): PermitView {
  return {
    id: 'p1',
    scope: 'dealing',
    environment: 'demo',
    accountId: 'ABC12',
    expiresAt: now + 3600_000,
    grantedAt: now,
  };
}
