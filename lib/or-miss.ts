/**
 * A page's read the browser refuses (Firefox tearing the page down: `NS_ERROR_NOT_INITIALIZED`; storage turned
 * off) reads as `miss`: never an unhandled rejection, which the browser reports as the page's error.
 */
export async function orMiss<T>(read: () => Promise<T>, miss: T): Promise<T> {
  try {
    return await read();
  } catch {
    return miss;
  }
}

/** Firefox's refusal of a page's storage while it tears the page down. */
export function isStorageRefused(reason: unknown): boolean {
  return (reason as { name?: unknown } | null)?.name === 'NS_ERROR_NOT_INITIALIZED';
}

/**
 * @wxt-dev/storage reads an item as it defines it and leaves that read's rejection unhandled: a page that
 * defines an item while Firefox tears it down would report the refusal as its error. Only that refusal is
 * quieted; any other unhandled rejection is still reported.
 */
export function quietRefusedStorage(page: Pick<Window, 'addEventListener'>): void {
  page.addEventListener('unhandledrejection', (event) => {
    if (isStorageRefused(event.reason)) event.preventDefault();
  });
}
