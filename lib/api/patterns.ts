// The service's formats for ids and codes, checked by the client before sending and by the message
// contract before a page's request reaches a handler.

export const EPIC = /^[A-Za-z0-9._]{6,30}$/;
export const DEAL_REFERENCE = /^[A-Za-z0-9_-]{1,30}$/;
export const ACCOUNT_ID = /^[A-Za-z0-9-]{1,30}$/;
export const CURRENCY_CODE = /^[A-Z]{3}$/;
export const EXPIRY = /^(?:(?:\d{2}-)?[A-Z]{3}-\d{2}|-|DFB)$/;
/** Sent in a path: never `.` or `..`, a slash or a control character. */
export const WATCHLIST_ID = /^(?!\.\.?$)[^/\p{Cc}]{1,100}$/u;
/** Sent in a path: never `.` or `..`, a slash, `?`, `#`, a control character or leading white space. */
export const CATEGORY_ID = /^(?!\.\.?$)[^/?#\s\p{Cc}][^/?#\p{Cc}]{0,99}$/u;
