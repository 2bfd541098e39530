import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { marketDecimals } from '../../lib/format';
import type { MarketQuote } from '../../lib/model';
import { orMiss } from '../../lib/or-miss';
import type { PopupDeps } from '../../lib/popup/deps';
import { pinnedEpic } from '../../lib/settings/registry';
import { WatchlistAdd } from './WatchlistAdd';

interface Props {
  deps: PopupDeps;
  epic: string;
  quote: MarketQuote | null;
  marketId: string | null;
}

/** Watchlist, badge, side panel: what the user can do with the market on screen. */
interface AlertFormProps {
  epic: string;
  instrumentName: string;
  marketId: string | null;
  bid: number | null;
  offer: number | null;
  decimals?: number;
}

export function MarketActions({ deps, epic, quote, marketId }: Props) {
  const { send } = deps;
  const [pinned, setPinned] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // The alert form loads on first use, to keep the popup's first paint light.
  const [AlertForm, setAlertForm] = useState<ComponentType<AlertFormProps> | null>(null);
  const [alertOpen, setAlertOpen] = useState(false);

  // The stored pin, unless a click or a change elsewhere has already said newer.
  const known = useRef(false);
  const showPinned = (value: string | null) => {
    known.current = true;
    setPinned(value);
  };
  useEffect(() => {
    let live = true;
    void orMiss(() => pinnedEpic.getValue(), null).then((value) => {
      if (live && !known.current) setPinned(value);
    });
    const unwatch = pinnedEpic.watch(showPinned);
    return () => {
      live = false;
      unwatch();
    };
  }, []);

  const isPinned = pinned === epic;
  async function togglePin() {
    setMessage(null);
    const reply = await send('badge.pin', { epic: isPinned ? null : epic });
    if (reply.ok) {
      showPinned(isPinned ? null : epic);
      setMessage({ text: i18n.t(isPinned ? 'popup.unpinned' : 'popup.pinned'), error: false });
    } else setMessage({ text: reply.error.message, error: true });
  }

  function openPanel() {
    setMessage(null);
    deps.openSidePanel(epic).catch((err: unknown) => {
      setMessage({ text: err instanceof Error ? err.message : i18n.t('popup.panelFailed'), error: true });
    });
  }

  function toggleAlert() {
    setAlertOpen((open) => !open);
    if (!AlertForm)
      import('../alerts/AlertForm').then(
        (m) => setAlertForm(() => m.AlertForm),
        () => setMessage({ text: i18n.t('popup.alertFormFailed'), error: true }),
      );
  }

  const name = quote?.instrumentName ?? epic;
  return (
    <section class="market__actions" aria-label={i18n.t('popup.actions')}>
      <WatchlistAdd send={send} epic={epic} instrumentName={name} />
      <div class="market__buttons">
        <button type="button" onClick={togglePin}>
          {i18n.t(isPinned ? 'popup.unpin' : 'popup.pin')}
        </button>
        <button type="button" onClick={openPanel}>
          {i18n.t('popup.openInPanel')}
        </button>
        <button type="button" aria-expanded={alertOpen} aria-controls="popup-alert" onClick={toggleAlert}>
          {i18n.t('popup.setAlert')}
        </button>
      </div>
      {alertOpen && (
        <div id="popup-alert" class="market__alert">
          {AlertForm ? (
            <AlertForm
              epic={epic}
              instrumentName={name}
              marketId={marketId}
              bid={quote?.bid ?? null}
              offer={quote?.offer ?? null}
              decimals={marketDecimals(quote)}
            />
          ) : (
            <p class="muted">{i18n.t('common.loading')}</p>
          )}
        </div>
      )}
      <p class="market__message" role="status">
        {message && <span class={message.error ? 'down' : undefined}>{message.text}</span>}
      </p>
    </section>
  );
}
