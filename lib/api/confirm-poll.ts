// Reads a confirmation by deal reference, retrying within the service's short confirm window:
// right after a deal the confirm may not exist yet (404) or answer 405 (reference §0.6).

import { type ClientCore, sendParsed } from './core';
import { ApiError, CancelledError, NetworkError } from './errors';
import { type Confirmation, ConfirmationSchema } from './schemas/dealing';

export interface ConfirmPolling {
  /** Reads at most this many times. Default 5. */
  attempts?: number;
  /** Pause between reads. Default 1000 ms. */
  delayMs?: number;
  signal?: AbortSignal | undefined;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError('Cancelled'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new CancelledError('Cancelled'));
      },
      { once: true },
    );
  });
}

function notYet(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (!(error instanceof ApiError) || error instanceof CancelledError) return false;
  return error.status === 404 || error.status === 405 || (error.status ?? 0) >= 500;
}

/** The confirmation, or null when it was not found within the attempts. */
export async function pollConfirm(
  core: ClientCore,
  dealReference: string,
  polling: ConfirmPolling = {},
): Promise<Confirmation | null> {
  const attempts = Math.max(1, polling.attempts ?? 5);
  for (let i = 1; i <= attempts; i++) {
    try {
      return await sendParsed(core, 'confirmations.get', ConfirmationSchema, {
        params: { deal_reference: dealReference },
        signal: polling.signal,
        retry: false,
      });
    } catch (error) {
      if (!notYet(error)) throw error;
      core.logger.debug('confirm not available yet', { attempt: i });
    }
    if (i < attempts) await pause(polling.delayMs ?? 1000, polling.signal);
  }
  return null;
}
