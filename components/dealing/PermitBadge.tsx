import './dealing.css';
import { describeExpiry } from '../../lib/permit/lifecycle';
import { permitOf, useDealingState } from './dealingState';

const envLabel = { demo: 'demo', live: 'LIVE', custom: 'custom' } as const;

/** Shows the active dealing permit wherever dealing is possible; nothing without one. */
export function PermitBadge() {
  const state = useDealingState();
  const permit = permitOf(state, 'dealing');
  if (!permit) return null;
  const text = `Dealing permitted · ${envLabel[permit.environment]} · ${permit.accountId} · ${describeExpiry(permit, Date.now())}`;
  return (
    <span
      class={`permit-badge${permit.environment === 'live' ? ' permit-badge--live' : ''}`}
      data-testid="dealing-permit-badge"
      title="Revoke it in the settings, under Dealing permit"
    >
      {text}
    </span>
  );
}
