import { i18n } from '#i18n';
import './dealing.css';
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import { parseAmount, shownIssues, typedIssues } from '../../lib/dealing/form';
import { minSize, type StopOrLimit, sizeStep, type TicketInput, validateTicket } from '../../lib/dealing/ticket';
import { formatPrice, formatSize, formatTime } from '../../lib/format';
import { type CostsQuote, type ErrorView, type RepeatWindowView, send } from '../../lib/messages/contract';
import type { DealOutcome, Direction, MarketFacts } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { CostsQuoteView } from './CostsQuoteView';
import { DealIssues } from './DealIssues';
import { DealOutcomeView } from './DealOutcomeView';
import { DirectionChoice } from './DirectionChoice';
import { announceDealt, permitOf, refreshDealingState, useDealingState } from './dealingState';
import { PermitBadge } from './PermitBadge';
import { type StopLimitDraft, StopLimitField } from './StopLimitField';

export interface DealTicketProps {
  epic: string;
  instrumentName: string;
  facts: MarketFacts | null;
  bid: number | null;
  offer: number | null;
  /** The market's decimal places (lib/format marketDecimals). */
  decimals?: number;
}

function toStopOrLimit(d: StopLimitDraft): StopOrLimit | null {
  if (d.mode === 'none') return null;
  return { mode: d.mode, value: parseAmount(d.text) ?? Number.NaN };
}

/**
 * The deal ticket: validated against the market's dealing rules as the user types; the indicative
 * costs quote comes first, and "Place deal" is enabled only for the ticket that was quoted.
 * Renders nothing without a dealing permit.
 */
export function DealTicket({ epic, instrumentName, facts, bid, offer, decimals }: DealTicketProps) {
  const state = useDealingState();
  const permit = permitOf(state, 'dealing');
  const id = useId();
  const [direction, setDirection] = useState<Direction>('BUY');
  const [sizeText, setSizeText] = useState('');
  const [orderType, setOrderType] = useState<'MARKET' | 'LIMIT'>('MARKET');
  const [levelText, setLevelText] = useState('');
  const [stop, setStop] = useState<StopLimitDraft>({ mode: 'none', text: '' });
  const [limit, setLimit] = useState<StopLimitDraft>({ mode: 'none', text: '' });
  const [quote, setQuote] = useState<{ key: string; quote: CostsQuote } | null>(null);
  const [busy, setBusy] = useState<'quote' | 'deal' | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [outcome, setOutcome] = useState<DealOutcome | null>(null);
  const [repeat, setRepeat] = useState<RepeatWindowView | null>(null);

  useEffect(() => {
    if (!permit) return;
    let live = true;
    void send('deal.repeatWindow', {}).then((r) => {
      if (live && r.ok) setRepeat(r.data);
    });
    return () => {
      live = false;
    };
  }, [permit?.id]);

  const input: TicketInput = {
    epic,
    direction,
    size: parseAmount(sizeText) ?? null,
    orderType,
    level: orderType === 'LIMIT' ? parseAmount(levelText) : null,
    stop: toStopOrLimit(stop),
    limit: toStopOrLimit(limit),
  };
  const check = facts ? validateTicket(input, facts, { bid, offer }) : null;
  const key = check?.ok ? JSON.stringify(check.ticket) : '';
  const quoteCurrent = quote !== null && quote.key === key;
  const touched = sizeText !== '';

  // A ticket that changed is no longer the ticket that was quoted.
  useEffect(() => {
    if (quote && quote.key !== key) setQuote(null);
  }, [key]);

  const repeatEntries = useMemo(() => repeat?.entries.filter((e) => e.epic === epic) ?? [], [repeat, epic]);

  if (!permit) return null;

  const locked = state.lock !== null;
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOutcome(null);
      setError(null);
    };

  const getQuote = async () => {
    if (!check?.ok) return;
    setBusy('quote');
    setError(null);
    const reply = await send('deal.quoteOpen', check.ticket);
    setBusy(null);
    if (reply.ok) setQuote({ key, quote: reply.data });
    else setError(reply.error);
  };

  const placeDeal = async () => {
    if (!check?.ok || !quote || !quoteCurrent) return;
    setBusy('deal');
    setError(null);
    const reply = await send('deal.open', { ticket: check.ticket, quoteReference: quote.quote.quoteReference });
    setBusy(null);
    setQuote(null);
    if (reply.ok) setOutcome(reply.data);
    else if (reply.error.kind === 'ambiguous') setOutcome({ status: 'unknown', dealReference: '' });
    else setError(reply.error);
    refreshDealingState();
    announceDealt();
  };

  const typed = typedIssues({
    size: sizeText,
    level: orderType === 'LIMIT' ? levelText : undefined,
    stop: stop.mode === 'none' ? undefined : stop.text,
    limit: limit.mode === 'none' ? undefined : limit.text,
  });
  const issues = shownIssues(check, typed, touched);
  const issueFor = (field: string) => issues.some((i) => i.field === field);

  return (
    <section
      class="deal-form deal-ticket"
      aria-label={i18n.t('deal.ticketLabel', { market: instrumentName })}
      data-testid="deal-ticket"
    >
      <div class="deal-actions">
        <strong>{i18n.t('deal.ticketTitle', { market: instrumentName })}</strong>
        <PermitBadge />
      </div>
      {!facts && <p class="muted">{i18n.t('deal.loadingRules')}</p>}
      <DirectionChoice
        name={`${id}-direction`}
        direction={direction}
        onChange={edit(setDirection)}
        label={(d) =>
          d === 'BUY'
            ? i18n.t('deal.buyAt', { price: formatPrice(offer, decimals) })
            : i18n.t('deal.sellAt', { price: formatPrice(bid, decimals) })
        }
      />
      <div class="deal-actions">
        <label for={`${id}-size`}>{i18n.t('deal.size')}</label>
        <input
          id={`${id}-size`}
          type="text"
          inputMode="decimal"
          value={sizeText}
          aria-invalid={issueFor('size')}
          aria-describedby={facts ? `${id}-size-hint` : undefined}
          onInput={(e) => edit(setSizeText)(e.currentTarget.value)}
        />
        {facts && (
          <span class="muted" id={`${id}-size-hint`}>
            {i18n.t('deal.sizeHint', { min: formatSize(minSize(facts)), step: formatSize(sizeStep(facts)) })}
          </span>
        )}
      </div>
      <fieldset>
        <legend class="visually-hidden">{i18n.t('deal.orderType')}</legend>
        <label>
          {i18n.t('deal.orderType')}
          <select value={orderType} onChange={(e) => edit(setOrderType)(e.currentTarget.value as 'MARKET' | 'LIMIT')}>
            <option value="MARKET">{i18n.t('deal.typeMarket')}</option>
            <option value="LIMIT">{i18n.t('deal.typeLimitLevel')}</option>
          </select>
        </label>
        {orderType === 'LIMIT' && (
          <label>
            {i18n.t('deal.level')}
            <input
              type="text"
              inputMode="decimal"
              value={levelText}
              aria-invalid={issueFor('level')}
              onInput={(e) => edit(setLevelText)(e.currentTarget.value)}
            />
          </label>
        )}
      </fieldset>
      <StopLimitField kind="stop" draft={stop} onChange={edit(setStop)} invalid={issueFor('stop')} idPrefix={id} />
      <StopLimitField kind="limit" draft={limit} onChange={edit(setLimit)} invalid={issueFor('limit')} idPrefix={id} />
      <DealIssues issues={issues} testId="deal-issues" />
      {repeatEntries.length > 0 && (
        <p class="muted" data-testid="deal-repeat-window">
          {i18n.t('deal.repeatWindow', {
            time: formatTime(repeat!.requestStartTime),
            entries: repeatEntries
              .map((e) =>
                i18n.t('deal.repeatEntry', {
                  currency: e.currency,
                  buys: e.buy.map((b) => formatSize(b.size)).join(', ') || '–',
                  sells: e.sell.map((s) => formatSize(s.size)).join(', ') || '–',
                }),
              )
              .join(' · '),
          })}
        </p>
      )}
      {locked && <p class="muted">{i18n.t('deal.locked')}</p>}
      <div class="deal-actions">
        <button type="button" onClick={getQuote} disabled={!check?.ok || locked || busy !== null}>
          {busy === 'quote' ? i18n.t('deal.gettingQuote') : i18n.t('deal.getQuote')}
        </button>
        <button
          type="button"
          class="primary"
          onClick={placeDeal}
          disabled={!quoteCurrent || !check?.ok || locked || busy !== null}
          title={quoteCurrent ? undefined : i18n.t('deal.quoteFirst')}
        >
          {busy === 'deal' ? i18n.t('deal.placing') : i18n.t('deal.place')}
        </button>
      </div>
      {quoteCurrent && quote && <CostsQuoteView quote={quote.quote} title={i18n.t('deal.costsTitle')} />}
      {outcome && <DealOutcomeView outcome={outcome} decimals={decimals} />}
      {error && <ErrorState error={error} />}
    </section>
  );
}
