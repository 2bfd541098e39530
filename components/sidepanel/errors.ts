import { i18n } from '#i18n';
import type { ErrorView, Reply } from '../../lib/messages/contract';

/** A failed send (the background did not answer at all) as an ErrorView. */
export function unreachable(err: unknown): ErrorView {
  return { kind: 'internal', message: err instanceof Error ? err.message : i18n.t('error.noAnswer') };
}

/** send() that never rejects: a transport failure becomes an error reply. */
export async function settle<T>(pending: Promise<Reply<T>>): Promise<Reply<T>> {
  try {
    return await pending;
  } catch (err) {
    return { ok: false, error: unreachable(err) };
  }
}
