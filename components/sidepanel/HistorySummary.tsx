// The period's summary above the history: realised P&L, trades, win rate, the largest win and loss, and
// per market when there is more than one.
import { i18n } from '#i18n';
import type { PeriodSummary } from '../../lib/history/summary';
import { amountText } from './historyAmount';

export function HistorySummary({
  summary,
  symbol,
}: {
  summary: PeriodSummary;
  /** The currency symbol of the realised figure, when IG names one. */
  symbol: string | null | undefined;
}) {
  return (
    <dl class="history-summary" data-testid="history-summary" aria-label={i18n.t('history.summary')}>
      <dt>{i18n.t('history.realised')}</dt>
      <dd class="num" data-testid="history-realised">
        {amountText(summary.realised, symbol)}
      </dd>
      <dt>{i18n.t('history.trades')}</dt>
      <dd class="num" data-testid="history-trades">
        {summary.trades}
      </dd>
      <dt>{i18n.t('history.winRate')}</dt>
      <dd class="num">{summary.winRate === null ? '—' : `${Math.round(summary.winRate * 100)}%`}</dd>
      <dt>{i18n.t('history.largestWin')}</dt>
      <dd class="num">
        {summary.largestWin ? `${amountText(summary.largestWin.value, null)} (${summary.largestWin.market})` : '—'}
      </dd>
      <dt>{i18n.t('history.largestLoss')}</dt>
      <dd class="num">
        {summary.largestLoss ? `${amountText(summary.largestLoss.value, null)} (${summary.largestLoss.market})` : '—'}
      </dd>
      {summary.byMarket.length > 1 &&
        summary.byMarket.map((m) => (
          <>
            <dt key={`${m.market}-t`}>{m.market}</dt>
            <dd key={`${m.market}-d`} class="num">
              {amountText(m.realised, null)} · {i18n.t('history.tradeCount', m.trades, { n: String(m.trades) })}
            </dd>
          </>
        ))}
    </dl>
  );
}
