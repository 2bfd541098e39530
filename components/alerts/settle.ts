import { i18n } from '#i18n';
import type { ErrorView, Reply } from '../../lib/messages/contract';

/** send() that never rejects: a transport failure (no answer from the background) becomes an error reply. */
export async function settle<T>(pending: Promise<Reply<T>>): Promise<Reply<T>> {
  try {
    return await pending;
  } catch (err) {
    const error: ErrorView = {
      kind: 'internal',
      message: err instanceof Error ? err.message : i18n.t('error.noAnswer'),
    };
    return { ok: false, error };
  }
}
