import { i18n } from '#i18n';
import type { ErrorView } from '../lib/messages/contract';

/** Plain words for each kind of failure a page can meet. */
export function errorTitle(error: ErrorView): string {
  switch (error.kind) {
    case 'signed-out':
      return i18n.t('error.signedOut');
    case 'bad-credentials':
      return i18n.t('error.badCredentials');
    case 'rate-limited':
      return i18n.t('error.rateLimited');
    case 'offline':
      return i18n.t('error.offline');
    case 'timeout':
      return i18n.t('error.timeout');
    case 'validation':
      return i18n.t('error.validation');
    case 'permit-required':
      return i18n.t('error.permitRequired');
    case 'locked':
      return i18n.t('error.locked');
    case 'ambiguous':
      return i18n.t('error.ambiguous');
    case 'not-found':
      return i18n.t('error.notFound');
    default:
      return i18n.t('error.other');
  }
}

interface Props {
  error: ErrorView;
  onRetry?: () => void;
  onOpenSettings?: () => void;
}

export function ErrorState({ error, onRetry, onOpenSettings }: Props) {
  const seconds = error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : null;
  return (
    <div class={`banner ${error.kind === 'rate-limited' ? 'banner--warn' : 'banner--error'}`} role="alert" data-unkept>
      <strong>{errorTitle(error)}</strong>
      <div>
        {error.message}
        {error.code && <span class="muted"> ({error.code})</span>}
        {seconds !== null && <span> {i18n.t('error.retryingIn', seconds, { n: String(seconds) })}</span>}
      </div>
      {(error.kind === 'signed-out' || error.kind === 'bad-credentials') && onOpenSettings && (
        <button type="button" class="primary" onClick={onOpenSettings}>
          {i18n.t('common.openSettings')}
        </button>
      )}
      {onRetry && error.kind !== 'signed-out' && error.kind !== 'validation' && (
        <button type="button" onClick={onRetry}>
          {i18n.t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}
