export { type AlertNotice, conditionText, noticeFor } from './describe';
export { type AlertRow, type AlertSort, type Distance, distanceTo, sortAlertRows } from './distance';
export { type DraftErrors, type DraftInput, type DraftResult, parseNumber, validateDraft } from './draft';
export {
  type AlertQuote,
  evaluate,
  isOpenStatus,
  isSentimentKind,
  movePct,
  usableLong,
  usableMid,
  type Verdict,
} from './evaluate';
export { type AlertDraft, type AlertMarket, alertWatchOf, createRule, markFired, rearm } from './lifecycle';
export { inQuietWindow, minutesOf, type QuietWindow } from './quiet';
