// The history's two lists: the transactions (what each closed trade earned, with its round trip) and the
// activity (what was done, through which channel, with IG's result).
import type { Ref } from 'preact';
import { i18n } from '#i18n';
import { formatPrice, givenDecimals } from '../../lib/format';
import { keptDecimals } from '../../lib/history/levels';
import type { TradeLink } from '../../lib/history/link';
import type { HistoryActivity, HistoryTransaction } from '../../lib/history/types';
import { amountText, when } from './historyAmount';

/** A level in the page's locale, to every digit IG gave it ("1.15400"); empty when there is none. */
const levelText = (value: number | null, decimals: number | undefined) =>
  value === null ? '' : formatPrice(value, keptDecimals(decimals) ?? givenDecimals(value));

function LinkCell({ link }: { link: TradeLink | undefined }) {
  if (!link) return <span class="muted">—</span>;
  if (!link.linked)
    return (
      <span
        class="muted"
        title={link.reason === 'several' ? i18n.t('history.severalFit') : i18n.t('history.noCloseFits')}
        data-testid="history-not-linked"
      >
        {i18n.t('history.notLinked')}
      </span>
    );
  return (
    <span data-testid="history-linked" title={i18n.t('history.linkedTitle')}>
      {link.openDealId} → {link.closeDealId}
    </span>
  );
}

export function TransactionsTable({
  rows,
  links,
  sentinel,
}: {
  rows: HistoryTransaction[];
  links: Map<HistoryTransaction, TradeLink>;
  /** Below the table: scrolling it into view shows more rows. */
  sentinel: Ref<HTMLDivElement>;
}) {
  return (
    <>
      {rows.length === 0 ? (
        <p class="muted">{i18n.t('history.noTransactions')}</p>
      ) : (
        <table class="history-table" data-testid="history-transactions">
          <thead>
            <tr>
              <th scope="col">{i18n.t('history.date')}</th>
              <th scope="col">{i18n.t('history.market')}</th>
              <th scope="col" class="num">
                {i18n.t('history.size')}
              </th>
              <th scope="col" class="num">
                {i18n.t('history.open')}
              </th>
              <th scope="col" class="num">
                {i18n.t('history.close')}
              </th>
              <th scope="col" class="num">
                {i18n.t('history.pnl')}
              </th>
              <th scope="col">{i18n.t('history.roundTrip')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={`${t.reference}|${t.at}|${t.openLevel}`} data-testid="history-transaction">
                <td>{when(t.at)}</td>
                <td>
                  {t.instrumentName}
                  <div class="small muted">{t.type}</div>
                </td>
                <td class="num">{t.size ?? ''}</td>
                <td class="num">{levelText(t.openLevel, t.openDecimals)}</td>
                <td class="num">{t.type === 'DEAL' ? levelText(t.closeLevel, t.closeDecimals) : ''}</td>
                <td class="num">{t.pnl ? amountText(t.pnl.value, t.pnl.symbol) : ''}</td>
                <td>
                  <LinkCell link={links.get(t)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div ref={sentinel} aria-hidden="true" />
    </>
  );
}

export function ActivityTable({
  rows,
  hasMore,
  loading,
  onMore,
  sentinel,
}: {
  rows: HistoryActivity[];
  hasMore: boolean;
  loading: boolean;
  onMore(): void;
  sentinel: Ref<HTMLDivElement>;
}) {
  return (
    <>
      {rows.length === 0 && !hasMore ? (
        <p class="muted">{i18n.t('history.noActivity')}</p>
      ) : (
        <table class="history-table" data-testid="history-activity">
          <thead>
            <tr>
              <th scope="col">{i18n.t('history.date')}</th>
              <th scope="col">{i18n.t('history.market')}</th>
              <th scope="col">{i18n.t('history.what')}</th>
              <th scope="col">{i18n.t('history.channel')}</th>
              <th scope="col">{i18n.t('history.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a, i) => (
              <tr key={`${a.dealReference}|${a.at}|${i}`} data-testid="history-activity-row">
                <td>{when(a.at)}</td>
                <td>{a.marketName ?? a.epic ?? ''}</td>
                <td>
                  {a.description}
                  <div class="small muted">{a.type}</div>
                </td>
                <td>{a.channel ?? ''}</td>
                <td>{a.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasMore && (
        <button type="button" onClick={onMore} disabled={loading}>
          {i18n.t('history.more')}
        </button>
      )}
      <div ref={sentinel} aria-hidden="true" />
    </>
  );
}
