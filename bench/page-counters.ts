// What a page applied of the stream and what it received of it, counted the same way in every page the
// watchlist-columns bench measures (the floor and the side panel): installed before the page's own scripts.

/**
 * Counts, in every page, the animation frames that wrote watchlist or floor rows and the rows written in each
 * (a row counts once a frame however many of its cells changed): what the page applied of the stream.
 */
export const COUNT_APPLIED = `
globalThis.applied = { frames: 0, rows: 0 };
{
  const rows = new Set();
  let pending = false;
  new MutationObserver((records) => {
    for (const r of records) {
      const row = (r.target.nodeType === 1 ? r.target : r.target.parentElement)?.closest?.('[data-testid="panel-row"],[data-testid="floor-row"]');
      if (row) rows.add(row);
    }
    if (pending || rows.size === 0) return;
    pending = true;
    requestAnimationFrame(() => {
      globalThis.applied.frames++;
      globalThis.applied.rows += rows.size;
      rows.clear();
      pending = false;
    });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'style'] });
}
// What the page received of the stream, counted the same way in every page: the live Port's quote messages, the
// quotes in them, and the markets they were for.
globalThis.received = { messages: 0, quotes: 0, epics: new Set() };
{
  const runtime = globalThis.chrome?.runtime;
  const connect = runtime?.connect?.bind(runtime);
  if (connect)
    runtime.connect = (...args) => {
      const port = connect(...args);
      if (port.name === 'marketside-live')
        port.onMessage.addListener((m) => {
          if (m?.kind !== 'quotes') return;
          globalThis.received.messages++;
          globalThis.received.quotes += m.quotes.length;
          for (const q of m.quotes) globalThis.received.epics.add(q.quote.epic);
        });
      return port;
    };
}
// The storage change events the page's own listeners received (each event once, however many listeners): the
// browser hands a page every change of an area it watches, old and new values whole, before any listener runs.
// Counted inside the page's listeners, so a page that watches nothing (the floor) is given no listener.
globalThis.storageEvents = 0;
{
  const seen = new WeakSet();
  const storage = globalThis.chrome?.storage;
  for (const event of [storage?.onChanged, storage?.local?.onChanged, storage?.session?.onChanged]) {
    const add = event?.addListener?.bind(event);
    if (!add) continue;
    const wrapped = new WeakMap();
    const remove = event.removeListener.bind(event);
    event.addListener = (fn) => {
      const counted = (changes, ...rest) => {
        if (!seen.has(changes)) {
          seen.add(changes);
          globalThis.storageEvents++;
        }
        return fn(changes, ...rest);
      };
      wrapped.set(fn, counted);
      return add(counted);
    };
    event.removeListener = (fn) => remove(wrapped.get(fn) ?? fn);
  }
}`;
