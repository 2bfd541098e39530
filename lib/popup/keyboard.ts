// Which row is active after a key press in the popup's list. -1 means "none": the search box.

export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';

const PAGE = 5;

export function isListKey(key: string): key is ListKey {
  return (
    key === 'ArrowDown' ||
    key === 'ArrowUp' ||
    key === 'Home' ||
    key === 'End' ||
    key === 'PageDown' ||
    key === 'PageUp'
  );
}

/** Arrows move one row and stop at the ends; ArrowUp from the first row goes back to the box. */
export function moveActive(active: number, count: number, key: ListKey): number {
  if (count <= 0) return -1;
  const current = Math.min(active, count - 1);
  switch (key) {
    case 'ArrowDown':
      return Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current <= 0 ? -1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(Math.max(current, 0) + PAGE, count - 1);
    case 'PageUp':
      return current <= 0 ? -1 : Math.max(current - PAGE, 0);
  }
}

/** "/" focuses the search unless the user is typing into a field. */
export function isSearchShortcut(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  target: {
    tagName?: string;
    isContentEditable?: boolean;
  } | null,
): boolean {
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return false;
  const tag = target?.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return false;
  return true;
}
