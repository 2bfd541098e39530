// The early screens' copies of components/MarketStatusTag.tsx and components/StaleMark.tsx.
import { formatAge, statusLabel } from '../format';
import { type Child, el } from './dom';

export function statusTag(status: string): Child {
  return status === 'TRADEABLE'
    ? null
    : el('span', { class: `status-tag status-tag--${status.toLowerCase()}` }, statusLabel(status));
}

export function staleMark(stale: boolean, fetchedAt: number): Child {
  if (!stale) return null;
  const age = formatAge(fetchedAt);
  return el('span', { class: 'stale', title: `From cache, fetched ${age}; refreshing` }, age);
}
