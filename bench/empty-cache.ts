// Shared by the page benchmarks: a cold start for the pages' cache.
import type { Page } from 'playwright-core';

/** Empties every Marketside cache database of the extension (`page` is on its origin): the next page opened
 * has nothing cached to show. */
export async function emptyCache(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const dbs = (await indexedDB.databases()).filter((d) => d.name?.startsWith('marketside-'));
    for (const { name } of dbs) {
      await new Promise<void>((done, fail) => {
        const open = indexedDB.open(name!);
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) {
            db.close();
            done();
            return;
          }
          const tx = db.transaction(stores, 'readwrite');
          for (const s of stores) tx.objectStore(s).clear();
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
      });
    }
  });
}
