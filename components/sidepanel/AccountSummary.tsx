// The account's funds above the positions: streamed while live; otherwise read when the view opens, after
// a deal and every FUNDS_POLL_MS while the panel is visible, with the figures' age beside them. Only the
// funds of the account the header names are shown.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { FundsView } from '../../lib/model';
import { fundsAge, fundsFigures, fundsPollDelay, nextFunds } from '../../lib/sidepanel/account-summary';
import { usePanel } from './context';
import { settle } from './errors';
import { useReloadAfterDeal } from './useReloadAfterDeal';

const AGE_TICK_MS = 5_000;

/** `onCurrency` hears the account's currency whenever the funds name it (the positions convert into it). */
export function AccountSummary({ onCurrency }: { onCurrency?: (currency: string) => void } = {}) {
  const { live, status } = usePanel();
  const [view, setView] = useState<FundsView | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [now, setNow] = useState(Date.now());
  const [attempted, setAttempted] = useState(Date.now);
  const mode = status?.stream.mode;

  const load = useCallback(async () => {
    setAttempted(Date.now());
    const reply = await settle(send('account.funds', {}));
    setNow(Date.now());
    if (reply.ok) {
      setView((current) => nextFunds(current, reply.data));
      setError(null);
    } else setError(reply.error);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(
    () =>
      live.subscribe((message) => {
        if (message.kind === 'funds') {
          setNow(Date.now());
          setView((current) => nextFunds(current, message.funds));
        } else if (message.kind === 'account' && message.what === 'positions') void load();
      }),
    [live, load],
  );

  useReloadAfterDeal(load);

  // Not streamed: read again when the last read is FUNDS_POLL_MS old, and not while the panel is hidden.
  useEffect(() => {
    const due = () => fundsPollDelay(view, mode, attempted, Date.now());
    const first = due();
    if (first === null) return;
    const poll = () => {
      if (document.visibilityState === 'visible' && due() === 0) void load();
    };
    const timer = setTimeout(poll, first);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [view, mode, attempted, load]);

  // The age beside polled figures keeps counting.
  useEffect(() => {
    if (!view || view.streamed) return;
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [view]);

  // Figures are shown only under the name of the account they belong to.
  const shown = view && view.funds.accountId === status?.account?.accountId ? view : null;
  const currency = shown?.funds.currency;
  useEffect(() => {
    if (currency) onCurrency?.(currency);
  }, [currency, onCurrency]);

  if (!shown) {
    return error ? (
      <p class="muted small" role="status">
        {i18n.t('funds.unavailable', { reason: error.message })}
      </p>
    ) : null;
  }
  return (
    <section class="funds" aria-label={i18n.t('funds.label')} data-testid="account-summary">
      <dl>
        {fundsFigures(shown).map((f) => (
          <div key={f.label} class="funds__figure">
            <dt class="small muted">{f.label}</dt>
            <dd class={f.trend === 'flat' ? undefined : f.trend} data-testid={`funds-${f.label}`}>
              {f.text}
            </dd>
          </div>
        ))}
      </dl>
      <p class="small muted" data-testid="funds-age">
        {fundsAge(shown, now)}
        {error && ` · ${i18n.t('funds.lastReadFailed', { reason: error.message })}`}
      </p>
    </section>
  );
}
