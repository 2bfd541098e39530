import { i18n } from '#i18n';
import './dealing.css';
import { describeExpiry } from '../../lib/permit/lifecycle';
import { permitOf, useDealingState } from './dealingState';

const envLabel = {
  demo: () => i18n.t('deal.envDemo'),
  live: () => i18n.t('deal.envLive'),
  custom: () => i18n.t('deal.envCustom'),
} as const;

/** Shows the active dealing permit wherever dealing is possible; nothing without one. */
export function PermitBadge() {
  const state = useDealingState();
  const permit = permitOf(state, 'dealing');
  if (!permit) return null;
  const text = i18n.t('deal.permitted', {
    environment: envLabel[permit.environment](),
    account: permit.accountId,
    expiry: describeExpiry(permit, Date.now()),
  });
  return (
    <span
      class={`permit-badge${permit.environment === 'live' ? ' permit-badge--live' : ''}`}
      data-testid="dealing-permit-badge"
      title={i18n.t('deal.revokeHint')}
    >
      {text}
    </span>
  );
}
