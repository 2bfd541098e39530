import { i18n } from '#i18n';
import { formatAge } from '../lib/format';

/** Marks data shown from the cache that is older than its kind's freshness. */
export function StaleMark({ stale, fetchedAt }: { stale: boolean; fetchedAt: number }) {
  if (!stale) return null;
  return (
    <span class="stale" title={i18n.t('stale.title', { age: formatAge(fetchedAt) })}>
      {formatAge(fetchedAt)}
    </span>
  );
}
