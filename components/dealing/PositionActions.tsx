import { i18n } from '#i18n';
import './dealing.css';
import { useState } from 'preact/hooks';
import { parseAmount, typedIssues } from '../../lib/dealing/form';
import { inputLevel } from '../../lib/format';
import { type CostsQuote, send } from '../../lib/messages/contract';
import type { PositionView } from '../../lib/model';
import { CostsQuoteView } from './CostsQuoteView';
import { DecimalField } from './DecimalField';
import { RowActions, useRowActions } from './RowActions';

/** Amend a position's stop and limit, or close it (close quote first). Nothing without a dealing permit. */
export function PositionActions({ position, decimals }: { position: PositionView; decimals?: number }) {
  const row = useRowActions();
  const { action, locked, setMode } = row;
  const [stopText, setStopText] = useState(position.stopLevel === null ? '' : inputLevel(position.stopLevel, decimals));
  const [limitText, setLimitText] = useState(
    position.limitLevel === null ? '' : inputLevel(position.limitLevel, decimals),
  );
  const [closeQuote, setCloseQuote] = useState<CostsQuote | null>(null);
  if (!row.permitted) return null;
  const named = { size: String(position.size), market: position.instrumentName };
  const name = position.direction === 'BUY' ? i18n.t('deal.positionBuy', named) : i18n.t('deal.positionSell', named);

  const stop = parseAmount(stopText);
  const limit = parseAmount(limitText);
  const typed = typedIssues({ stop: stopText, limit: limitText });
  const amendIssue =
    typed.length > 0
      ? typed[0]!.message
      : (stop !== null && !(stop > 0)) || (limit !== null && !(limit > 0))
        ? i18n.t('deal.levelsPositive')
        : stop !== null && position.direction === 'BUY' && stop >= (position.bid ?? Number.POSITIVE_INFINITY)
          ? i18n.t('deal.stopBelowBid')
          : stop !== null && position.direction === 'SELL' && stop <= (position.offer ?? 0)
            ? i18n.t('deal.stopAboveOffer')
            : limit !== null && position.direction === 'BUY' && limit <= (position.bid ?? 0)
              ? i18n.t('deal.limitAboveBid')
              : limit !== null && position.direction === 'SELL' && limit >= (position.offer ?? Number.POSITIVE_INFINITY)
                ? i18n.t('deal.limitBelowOffer')
                : null;

  const amend = () =>
    action.settle(
      'change',
      () => send('positions.amend', { dealId: position.dealId, stopLevel: stop, limitLevel: limit }),
      () => setMode('idle'),
    );
  const quoteClose = () => {
    setMode('confirm');
    setCloseQuote(null);
    void action.run(() => send('positions.quoteClose', { dealId: position.dealId }), setCloseQuote, false);
  };
  const close = () => {
    if (!closeQuote) return;
    void action.settle(
      'close',
      () => send('positions.close', { dealId: position.dealId, quoteReference: closeQuote.quoteReference }),
      () => {
        setCloseQuote(null);
        setMode('idle');
      },
    );
  };

  return (
    <RowActions
      kind="position-actions"
      row={row}
      decimals={decimals}
      amend={{
        toggleLabel: i18n.t('deal.amendStopLimitOf', { position: name }),
        label: i18n.t('deal.amendNamed', { position: name }),
        saveLabel: i18n.t('deal.saveStopLimit'),
        issue: amendIssue,
        onSave: () => void amend(),
        fields: (
          <>
            <DecimalField label={i18n.t('deal.stopLevel')} value={stopText} onInput={setStopText} />
            <DecimalField label={i18n.t('deal.limitLevel')} value={limitText} onInput={setLimitText} />
          </>
        ),
      }}
      confirm={{
        buttonLabel: i18n.t('deal.closeNamed', { position: name }),
        buttonText: i18n.t('deal.close'),
        buttonDisabled: locked || action.busy,
        onOpen: quoteClose,
        label: i18n.t('deal.closeNamed', { position: name }),
        body: closeQuote ? <CostsQuoteView quote={closeQuote} title={i18n.t('deal.closeCostsTitle')} /> : null,
        confirmLabel: i18n.t('deal.confirmClose'),
        onConfirm: close,
      }}
    />
  );
}
