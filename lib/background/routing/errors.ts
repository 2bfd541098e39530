// Errors the background raises itself (the client's own errors live in lib/api/errors).
import { i18n } from '#i18n';
import type { ErrorView } from '../../messages/contract';

/** No credentials are configured, or the session ended: the pages show "signed out". */
export class SignedOutError extends Error {
  constructor(message = i18n.t('workerError.notSignedIn')) {
    super(message);
    this.name = 'SignedOutError';
  }
}

/** A watchlist, market or record the request named does not exist. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** A handler that has not been plugged into the router yet. */
export class UnavailableError extends Error {
  constructor(message = i18n.t('workerError.notAvailable')) {
    super(message);
    this.name = 'UnavailableError';
  }
}

/** An error already answered once, given again as it was shown (a repeated delivery of one request). */
export class RepeatedError extends Error {
  constructor(readonly view: ErrorView) {
    super(view.message);
    this.name = 'RepeatedError';
  }
}
