// The service's deal rejection reasons (the confirm's `reason`) in plain words, for the pages: the background
// passes the code on (a DealOutcome carries it) and keeps these sentences out of its bundle.

const sentences: Record<string, string> = {
  SUCCESS: 'The deal was accepted.',
  ACCOUNT_NOT_ENABLED_TO_TRADING: 'This account is not enabled for trading.',
  ATTACHED_ORDER_LEVEL_ERROR: 'The stop or limit level is not valid for this deal.',
  ATTACHED_ORDER_TRAILING_STOP_ERROR: 'The trailing stop is not valid for this deal.',
  CANNOT_CHANGE_STOP_TYPE: 'The type of stop on this deal cannot be changed.',
  CANNOT_REMOVE_STOP: 'The stop on this deal cannot be removed.',
  CLOSING_ONLY_TRADES_ACCEPTED_ON_THIS_MARKET: 'This market accepts closing deals only.',
  CLOSINGS_ONLY_ACCOUNT: 'This account may only close positions.',
  CONFLICTING_ORDER: 'A conflicting order already exists on this market.',
  CONTACT_SUPPORT_INSTRUMENT_ERROR: 'This market cannot be dealt online; contact IG.',
  CR_SPACING: 'The guaranteed stop is too close to another guaranteed stop.',
  DUPLICATE_ORDER_ERROR: 'This order duplicates one that already exists.',
  EXCHANGE_MANUAL_OVERRIDE: 'The exchange is not accepting orders right now.',
  FINANCE_REPEAT_DEALING: 'Repeat dealing on this market is restricted for now.',
  FORCE_OPEN_ON_SAME_MARKET_DIFFERENT_CURRENCY: 'A position in another currency exists on this market.',
  GENERAL_ERROR: 'IG could not complete the deal.',
  GOOD_TILL_DATE_IN_THE_PAST: 'The "good till" date is in the past.',
  INSTRUMENT_NOT_FOUND: 'IG does not know this market.',
  INSTRUMENT_NOT_TRADEABLE_IN_THIS_CURRENCY: 'This market cannot be dealt in that currency.',
  INSUFFICIENT_FUNDS: 'There are not enough funds in the account for this deal.',
  LEVEL_TOLERANCE_ERROR: 'The price moved too far before the deal could be done.',
  LIMIT_ORDER_WRONG_SIDE_OF_MARKET: 'The limit order level is on the wrong side of the market.',
  MANUAL_ORDER_TIMEOUT: 'The order timed out waiting for a dealer.',
  MARGIN_ERROR: 'The margin required for this deal could not be covered.',
  MARKET_CLOSED: 'The market is closed.',
  MARKET_CLOSED_WITH_EDITS: 'The market is closed; only edits to existing deals are accepted.',
  MARKET_CLOSING: 'The market is about to close.',
  MARKET_NOT_BORROWABLE: 'This market cannot be sold short right now.',
  MARKET_OFFLINE: 'The market is offline.',
  MARKET_ORDERS_NOT_ALLOWED_ON_INSTRUMENT: 'Market orders are not accepted on this market; use a limit order.',
  MARKET_PHONE_ONLY: 'This market can only be dealt by phone.',
  MARKET_ROLLED: 'The market has rolled to a new expiry.',
  MARKET_UNAVAILABLE_TO_CLIENT: 'This market is not available to your account.',
  MAX_AUTO_SIZE_EXCEEDED: 'The size is larger than can be dealt automatically.',
  MINIMUM_ORDER_SIZE_ERROR: 'The size is below the minimum for this market.',
  MOVE_AWAY_ONLY_LIMIT: 'The limit can only be moved further from the market.',
  MOVE_AWAY_ONLY_STOP: 'The stop can only be moved further from the market.',
  MOVE_AWAY_ONLY_TRIGGER_LEVEL: 'The order level can only be moved further from the market.',
  /** Ours, not IG's: neither IG's confirmation nor the account shows the deal (lib/background/dealing/reconciler). */
  NOT_EXECUTED: 'IG has no record of this deal.',
  OPPOSING_DIRECTION_ORDERS_NOT_ALLOWED: 'Orders in opposite directions are not allowed on this market.',
  OPPOSING_POSITIONS_NOT_ALLOWED: 'Positions in opposite directions are not allowed on this account.',
  ORDER_DECLINED: 'The order was declined.',
  ORDER_LOCKED: 'The order is locked and cannot be changed now.',
  ORDER_NOT_FOUND: 'The order no longer exists.',
  ORDER_SIZE_CANNOT_BE_FILLED: 'The size cannot be filled at this time.',
  OVER_NORMAL_MARKET_SIZE: 'The size is larger than the normal market size.',
  PARTIALY_CLOSED_POSITION_NOT_DELETED: 'The position was partly closed and not removed.',
  POSITION_ALREADY_EXISTS_IN_OPPOSITE_DIRECTION: 'A position in the opposite direction already exists.',
  POSITION_NOT_AVAILABLE_TO_CANCEL: 'The position cannot be cancelled.',
  POSITION_NOT_AVAILABLE_TO_CLOSE: 'The position cannot be closed now.',
  POSITION_NOT_FOUND: 'The position no longer exists.',
  REJECT_CFD_ORDER_ON_SPREADBET_ACCOUNT: 'A CFD deal was sent to a spread-bet account.',
  REJECT_SPREADBET_ORDER_ON_CFD_ACCOUNT: 'A spread bet was sent to a CFD account.',
  SIZE_INCREMENT: 'The size does not fit the market\u2019s size steps.',
  STOP_OR_LIMIT_NOT_ALLOWED: 'This market does not accept stops or limits.',
  STOP_REQUIRED_ERROR: 'This market requires a stop.',
  STRIKE_LEVEL_TOLERANCE: 'The strike level moved too far.',
  TRAILING_STOP_NOT_ALLOWED: 'Trailing stops are not allowed on this market.',
  UNKNOWN: 'IG rejected the deal without giving a reason.',
  WRONG_SIDE_OF_MARKET: 'The level is on the wrong side of the market.',
};

/** A plain sentence for a rejection reason; unknown codes are spelled out rather than hidden. */
export function reasonSentence(reason: string | null | undefined): string {
  if (!reason) return sentences.UNKNOWN!;
  const known = sentences[reason];
  if (known) return known;
  const words = reason.toLowerCase().replace(/_/g, ' ');
  return `IG rejected the deal: ${words}.`;
}
