// The history's controls: the period (a custom one by its first and last day), the market and type
// filters, a refresh and the CSV export with its note on the format.
import { useId } from 'preact/hooks';
import { i18n } from '#i18n';
import { machineFormatNote } from '../../lib/csv/format-note';
import type { HistoryFilter, Period, PeriodKind } from '../../lib/sidepanel/account-history';

const PERIODS: { kind: PeriodKind; label: () => string }[] = [
  { kind: 'today', label: () => i18n.t('history.today') },
  { kind: 'week', label: () => i18n.t('history.week') },
  { kind: 'month', label: () => i18n.t('history.month') },
  { kind: 'year', label: () => i18n.t('history.year') },
  { kind: 'custom', label: () => i18n.t('history.custom') },
];

export function HistoryFilters({
  period,
  setPeriod,
  validRange,
  filter,
  setFilter,
  markets,
  types,
  loading,
  canExport,
  onRefresh,
  onExport,
}: {
  period: Period;
  setPeriod: (update: (p: Period) => Period) => void;
  /** Whether the period names a usable range (a custom one may not yet). */
  validRange: boolean;
  filter: HistoryFilter;
  setFilter: (update: (f: HistoryFilter) => HistoryFilter) => void;
  markets: string[];
  types: string[];
  loading: boolean;
  canExport: boolean;
  onRefresh(): void;
  onExport(): void;
}) {
  const exportNoteId = useId();
  return (
    <div class="history-controls">
      <fieldset class="history-period">
        <legend class="visually-hidden">{i18n.t('history.period')}</legend>
        {PERIODS.map((p) => (
          <button
            key={p.kind}
            type="button"
            class={period.kind === p.kind ? 'tab tab--on' : 'tab'}
            aria-pressed={period.kind === p.kind}
            onClick={() => setPeriod((cur) => ({ ...cur, kind: p.kind }))}
          >
            {p.label()}
          </button>
        ))}
      </fieldset>
      {period.kind === 'custom' && (
        <div class="history-custom">
          <label>
            {i18n.t('history.from')}{' '}
            <input
              type="date"
              value={period.fromDay ?? ''}
              onChange={(e) => setPeriod((p) => ({ ...p, fromDay: (e.target as HTMLInputElement).value }))}
            />
          </label>{' '}
          <label>
            {i18n.t('history.to')}{' '}
            <input
              type="date"
              value={period.toDay ?? ''}
              onChange={(e) => setPeriod((p) => ({ ...p, toDay: (e.target as HTMLInputElement).value }))}
            />
          </label>
          {!validRange && <p class="muted">{i18n.t('history.chooseDays')}</p>}
        </div>
      )}
      <label>
        {i18n.t('history.market')}{' '}
        <select
          value={filter.market}
          onChange={(e) => setFilter((f) => ({ ...f, market: (e.target as HTMLSelectElement).value }))}
        >
          <option value="">{i18n.t('history.allMarkets')}</option>
          {[...new Set([...markets, ...(filter.market ? [filter.market] : [])])].map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {i18n.t('history.type')}{' '}
        <select
          value={filter.type}
          onChange={(e) => setFilter((f) => ({ ...f, type: (e.target as HTMLSelectElement).value }))}
        >
          <option value="">{i18n.t('history.allTypes')}</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="button" onClick={onRefresh} disabled={loading || !validRange}>
        {i18n.t('history.refresh')}
      </button>{' '}
      <button
        type="button"
        onClick={onExport}
        disabled={!canExport}
        data-testid="history-export"
        aria-describedby={exportNoteId}
      >
        {i18n.t('history.exportCsv')}
      </button>
      <span class="muted small" id={exportNoteId} data-testid="history-export-format">
        {machineFormatNote()}
      </span>
    </div>
  );
}
