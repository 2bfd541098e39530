// Formatting of prices, changes, money, sizes, dates and times for display, in the browser's UI locale
// (`setFormatLocale` pins one, for tests and for a page that knows better). Formatters are cached: this runs
// per streamed tick. Files (CSV) never come through here: they stay machine-readable (lib/csv).
export { formatAge, formatDateTime, formatDay, formatMarketHours, formatMoment, formatTime, zoneName } from './dates';
export { FALLBACK_LOCALE, formatLocale, setFormatLocale } from './locale';
export { midOf, spreadOf, statusLabel, statusMark, type Trend, trendOf } from './market';
export {
  currencyDecimals,
  decimalSeparator,
  formatChange,
  formatCount,
  formatDecimalText,
  formatMoney,
  formatNumber,
  formatPct,
  formatPrice,
  formatShare,
  formatSize,
  inputLevel,
  parseTypedNumber,
  type TypedNumber,
} from './numbers';
export {
  decimalPlaces,
  decimalsFor,
  givenDecimals,
  marketDecimals,
  plainLevel,
  priceDecimals,
} from './precision';
