// The service's deal rejection reasons (the confirm's `reason`) in plain words, for the pages: the background
// passes the code on (a DealOutcome carries it); the words are in the catalogue (locales/*.yml, reason).
import { i18n } from '#i18n';

const sentences: Record<string, () => string> = {
  SUCCESS: () => i18n.t('reason.SUCCESS'),
  ACCOUNT_NOT_ENABLED_TO_TRADING: () => i18n.t('reason.ACCOUNT_NOT_ENABLED_TO_TRADING'),
  ATTACHED_ORDER_LEVEL_ERROR: () => i18n.t('reason.ATTACHED_ORDER_LEVEL_ERROR'),
  ATTACHED_ORDER_TRAILING_STOP_ERROR: () => i18n.t('reason.ATTACHED_ORDER_TRAILING_STOP_ERROR'),
  CANNOT_CHANGE_STOP_TYPE: () => i18n.t('reason.CANNOT_CHANGE_STOP_TYPE'),
  CANNOT_REMOVE_STOP: () => i18n.t('reason.CANNOT_REMOVE_STOP'),
  CLOSING_ONLY_TRADES_ACCEPTED_ON_THIS_MARKET: () => i18n.t('reason.CLOSING_ONLY_TRADES_ACCEPTED_ON_THIS_MARKET'),
  CLOSINGS_ONLY_ACCOUNT: () => i18n.t('reason.CLOSINGS_ONLY_ACCOUNT'),
  CONFLICTING_ORDER: () => i18n.t('reason.CONFLICTING_ORDER'),
  CONTACT_SUPPORT_INSTRUMENT_ERROR: () => i18n.t('reason.CONTACT_SUPPORT_INSTRUMENT_ERROR'),
  CR_SPACING: () => i18n.t('reason.CR_SPACING'),
  DUPLICATE_ORDER_ERROR: () => i18n.t('reason.DUPLICATE_ORDER_ERROR'),
  EXCHANGE_MANUAL_OVERRIDE: () => i18n.t('reason.EXCHANGE_MANUAL_OVERRIDE'),
  FINANCE_REPEAT_DEALING: () => i18n.t('reason.FINANCE_REPEAT_DEALING'),
  FORCE_OPEN_ON_SAME_MARKET_DIFFERENT_CURRENCY: () => i18n.t('reason.FORCE_OPEN_ON_SAME_MARKET_DIFFERENT_CURRENCY'),
  GENERAL_ERROR: () => i18n.t('reason.GENERAL_ERROR'),
  GOOD_TILL_DATE_IN_THE_PAST: () => i18n.t('reason.GOOD_TILL_DATE_IN_THE_PAST'),
  INSTRUMENT_NOT_FOUND: () => i18n.t('reason.INSTRUMENT_NOT_FOUND'),
  INSTRUMENT_NOT_TRADEABLE_IN_THIS_CURRENCY: () => i18n.t('reason.INSTRUMENT_NOT_TRADEABLE_IN_THIS_CURRENCY'),
  INSUFFICIENT_FUNDS: () => i18n.t('reason.INSUFFICIENT_FUNDS'),
  LEVEL_TOLERANCE_ERROR: () => i18n.t('reason.LEVEL_TOLERANCE_ERROR'),
  LIMIT_ORDER_WRONG_SIDE_OF_MARKET: () => i18n.t('reason.LIMIT_ORDER_WRONG_SIDE_OF_MARKET'),
  MANUAL_ORDER_TIMEOUT: () => i18n.t('reason.MANUAL_ORDER_TIMEOUT'),
  MARGIN_ERROR: () => i18n.t('reason.MARGIN_ERROR'),
  MARKET_CLOSED: () => i18n.t('reason.MARKET_CLOSED'),
  MARKET_CLOSED_WITH_EDITS: () => i18n.t('reason.MARKET_CLOSED_WITH_EDITS'),
  MARKET_CLOSING: () => i18n.t('reason.MARKET_CLOSING'),
  MARKET_NOT_BORROWABLE: () => i18n.t('reason.MARKET_NOT_BORROWABLE'),
  MARKET_OFFLINE: () => i18n.t('reason.MARKET_OFFLINE'),
  MARKET_ORDERS_NOT_ALLOWED_ON_INSTRUMENT: () => i18n.t('reason.MARKET_ORDERS_NOT_ALLOWED_ON_INSTRUMENT'),
  MARKET_PHONE_ONLY: () => i18n.t('reason.MARKET_PHONE_ONLY'),
  MARKET_ROLLED: () => i18n.t('reason.MARKET_ROLLED'),
  MARKET_UNAVAILABLE_TO_CLIENT: () => i18n.t('reason.MARKET_UNAVAILABLE_TO_CLIENT'),
  MAX_AUTO_SIZE_EXCEEDED: () => i18n.t('reason.MAX_AUTO_SIZE_EXCEEDED'),
  MINIMUM_ORDER_SIZE_ERROR: () => i18n.t('reason.MINIMUM_ORDER_SIZE_ERROR'),
  MOVE_AWAY_ONLY_LIMIT: () => i18n.t('reason.MOVE_AWAY_ONLY_LIMIT'),
  MOVE_AWAY_ONLY_STOP: () => i18n.t('reason.MOVE_AWAY_ONLY_STOP'),
  MOVE_AWAY_ONLY_TRIGGER_LEVEL: () => i18n.t('reason.MOVE_AWAY_ONLY_TRIGGER_LEVEL'),
  /** Ours, not IG's: neither IG's confirmation nor the account shows the deal (lib/background/dealing/reconciler). */
  NOT_EXECUTED: () => i18n.t('reason.NOT_EXECUTED'),
  OPPOSING_DIRECTION_ORDERS_NOT_ALLOWED: () => i18n.t('reason.OPPOSING_DIRECTION_ORDERS_NOT_ALLOWED'),
  OPPOSING_POSITIONS_NOT_ALLOWED: () => i18n.t('reason.OPPOSING_POSITIONS_NOT_ALLOWED'),
  ORDER_DECLINED: () => i18n.t('reason.ORDER_DECLINED'),
  ORDER_LOCKED: () => i18n.t('reason.ORDER_LOCKED'),
  ORDER_NOT_FOUND: () => i18n.t('reason.ORDER_NOT_FOUND'),
  ORDER_SIZE_CANNOT_BE_FILLED: () => i18n.t('reason.ORDER_SIZE_CANNOT_BE_FILLED'),
  OVER_NORMAL_MARKET_SIZE: () => i18n.t('reason.OVER_NORMAL_MARKET_SIZE'),
  PARTIALY_CLOSED_POSITION_NOT_DELETED: () => i18n.t('reason.PARTIALY_CLOSED_POSITION_NOT_DELETED'),
  POSITION_ALREADY_EXISTS_IN_OPPOSITE_DIRECTION: () => i18n.t('reason.POSITION_ALREADY_EXISTS_IN_OPPOSITE_DIRECTION'),
  POSITION_NOT_AVAILABLE_TO_CANCEL: () => i18n.t('reason.POSITION_NOT_AVAILABLE_TO_CANCEL'),
  POSITION_NOT_AVAILABLE_TO_CLOSE: () => i18n.t('reason.POSITION_NOT_AVAILABLE_TO_CLOSE'),
  POSITION_NOT_FOUND: () => i18n.t('reason.POSITION_NOT_FOUND'),
  REJECT_CFD_ORDER_ON_SPREADBET_ACCOUNT: () => i18n.t('reason.REJECT_CFD_ORDER_ON_SPREADBET_ACCOUNT'),
  REJECT_SPREADBET_ORDER_ON_CFD_ACCOUNT: () => i18n.t('reason.REJECT_SPREADBET_ORDER_ON_CFD_ACCOUNT'),
  SIZE_INCREMENT: () => i18n.t('reason.SIZE_INCREMENT'),
  STOP_OR_LIMIT_NOT_ALLOWED: () => i18n.t('reason.STOP_OR_LIMIT_NOT_ALLOWED'),
  STOP_REQUIRED_ERROR: () => i18n.t('reason.STOP_REQUIRED_ERROR'),
  STRIKE_LEVEL_TOLERANCE: () => i18n.t('reason.STRIKE_LEVEL_TOLERANCE'),
  TRAILING_STOP_NOT_ALLOWED: () => i18n.t('reason.TRAILING_STOP_NOT_ALLOWED'),
  UNKNOWN: () => i18n.t('reason.UNKNOWN'),
  WRONG_SIDE_OF_MARKET: () => i18n.t('reason.WRONG_SIDE_OF_MARKET'),
};

/** A plain sentence for a rejection reason; unknown codes are spelled out rather than hidden. */
export function reasonSentence(reason: string | null | undefined): string {
  const code = reason || 'UNKNOWN';
  if (Object.hasOwn(sentences, code)) return sentences[code]!();
  return i18n.t('reason.unlisted', { code: code.toLowerCase().replace(/_/g, ' ') });
}
