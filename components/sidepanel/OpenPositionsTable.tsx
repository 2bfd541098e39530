// The open positions, priced live: each row's profit or loss in the account's currency (converted at the
// rates shown under the total) with its own currency's figure under it, or totals per currency.
import { Fragment } from 'preact';
import { i18n } from '#i18n';
import { marketDecimals, trendOf } from '../../lib/format';
import type { MarketQuote, PositionView } from '../../lib/model';
import { type AccountPnl, type ConversionRate, rateText } from '../../lib/sidepanel/account-pnl';
import { moneyText, positionLevels, totalsByCurrency } from '../../lib/sidepanel/positions';
import { usePanel } from './context';
import { ControlsRow, HeadRow, MarketCell } from './PositionCells';

/** A position's profit or loss in the account's currency, with its own currency's figure under it. */
function PnlCell({
  position: p,
  account,
  converted,
}: {
  position: PositionView;
  account: string | null;
  converted: number | null;
}) {
  if (!account || p.currency === account)
    return (
      <td class={`num ${trendOf(p.profitLoss)}`}>
        <span data-testid="position-pnl">{moneyText(p.profitLoss, p.currency)}</span>
      </td>
    );
  return (
    <td class={`num ${trendOf(converted)}`}>
      <span data-testid="position-pnl">{moneyText(converted, account)}</span>
      <div class="small muted" data-testid="position-pnl-own">
        {moneyText(p.profitLoss, p.currency)}
      </div>
    </td>
  );
}

export function OpenPositionsTable({
  positions,
  quotes,
  accountCurrency,
  inAccount,
  rates,
  now,
}: {
  positions: PositionView[];
  quotes: Map<string, MarketQuote>;
  accountCurrency: string | null;
  inAccount: AccountPnl | null;
  rates: Map<string, ConversionRate>;
  now: number;
}) {
  const { dealing } = usePanel();
  const totals = !accountCurrency ? totalsByCurrency(positions) : [];
  return (
    <table class="plain" aria-label={i18n.t('positionsView.openPositions')}>
      <HeadRow
        numeric={[
          i18n.t('positionsView.size'),
          i18n.t('positionsView.level'),
          i18n.t('positionsView.price'),
          i18n.t('positionsView.pnl'),
        ]}
      />
      <tbody>
        {positions.map((p) => {
          const d = marketDecimals(quotes.get(p.epic));
          const levels = positionLevels(p, d);
          return (
            <Fragment key={p.dealId}>
              <tr data-testid="panel-position">
                <MarketCell row={p}>
                  {p.direction === 'BUY' ? i18n.t('positionsView.buy') : i18n.t('positionsView.sell')}
                  {levels.stop !== null && ` · ${i18n.t('positionsView.stopAt', { level: levels.stop })}`}
                  {levels.limit !== null && ` · ${i18n.t('positionsView.limitAt', { level: levels.limit })}`}
                </MarketCell>
                <td class="num">{p.size}</td>
                <td class="num">{levels.level}</td>
                <td class="num">{levels.price}</td>
                <PnlCell position={p} account={accountCurrency} converted={inAccount?.rows.get(p.dealId) ?? null} />
              </tr>
              {dealing && (
                <ControlsRow key={`${p.dealId}-deal`} span={5}>
                  <dealing.PositionActions position={p} decimals={d} />
                </ControlsRow>
              )}
            </Fragment>
          );
        })}
      </tbody>
      {inAccount && accountCurrency && (
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {i18n.t('positionsView.total', { currency: accountCurrency })}
            </th>
            <td class={`num ${trendOf(inAccount.total)}`} data-testid="positions-total">
              {moneyText(inAccount.total, accountCurrency)}
            </td>
          </tr>
          {(rates.size > 0 || inAccount.missingRates.length > 0) && (
            <tr>
              <td colSpan={5} class="small muted" data-testid="positions-rates">
                {[...rates.values()].map((r) => (
                  <div key={r.from}>{rateText(r, now)}</div>
                ))}
                {inAccount.missingRates.map((c) => (
                  <div key={c}>{i18n.t('positionsView.noRate', { from: c, to: accountCurrency })}</div>
                ))}
              </td>
            </tr>
          )}
        </tfoot>
      )}
      {totals.length > 0 && (
        <tfoot>
          {totals.map((t) => (
            <tr key={t.currency}>
              <th scope="row" colSpan={4}>
                {i18n.t('positionsView.total', { currency: t.currency })}
              </th>
              <td class={`num ${trendOf(t.total)}`}>{moneyText(t.total, t.currency)}</td>
            </tr>
          ))}
        </tfoot>
      )}
    </table>
  );
}
