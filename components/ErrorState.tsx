import type { ErrorView } from '../lib/messages/contract';

/** Plain words for each kind of failure a page can meet. */
export function errorTitle(error: ErrorView): string {
  switch (error.kind) {
    case 'signed-out':
      return 'Not connected to IG';
    case 'bad-credentials':
      return 'IG did not accept your details';
    case 'rate-limited':
      return 'Slowing down to stay within your API allowance';
    case 'offline':
      return 'You appear to be offline';
    case 'timeout':
      return 'IG did not answer in time';
    case 'validation':
      return 'Please check your input';
    case 'permit-required':
      return 'Dealing is not permitted';
    case 'locked':
      return 'Dealing is blocked until an unknown outcome is reconciled';
    case 'ambiguous':
      return 'The outcome of your deal is unknown';
    case 'not-found':
      return 'Not found';
    default:
      return 'Something went wrong';
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
        {seconds !== null && <span> Retrying in {seconds} s.</span>}
      </div>
      {(error.kind === 'signed-out' || error.kind === 'bad-credentials') && onOpenSettings && (
        <button type="button" class="primary" onClick={onOpenSettings}>
          Open settings
        </button>
      )}
      {onRetry && error.kind !== 'signed-out' && error.kind !== 'validation' && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
