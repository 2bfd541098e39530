// How live prices are arriving: Live, Reconnecting…, or Delayed (polling) with why. Nothing while
// there is nothing to stream.
import { i18n } from '#i18n';
import type { StreamView } from '../lib/messages/contract';

const LABEL = {
  connecting: () => i18n.t('stream.connecting'),
  live: () => i18n.t('stream.live'),
  reconnecting: () => i18n.t('stream.reconnecting'),
  polling: () => i18n.t('stream.polling'),
} satisfies Record<Exclude<StreamView['mode'], 'off'>, () => string>;

export function StreamState({ stream }: { stream: StreamView | undefined }) {
  if (!stream || stream.mode === 'off') return null;
  const label = LABEL[stream.mode]();
  return (
    <span
      class={`stream-state stream-state--${stream.mode}`}
      data-testid="stream-state"
      data-unkept
      data-mode={stream.mode}
      aria-live="polite"
      title={stream.reason ?? undefined}
    >
      {label}
      {stream.mode === 'polling' && stream.reason && <span class="stream-state__why">: {stream.reason}</span>}
    </span>
  );
}
