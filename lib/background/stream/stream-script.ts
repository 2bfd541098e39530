// Firefox: the background page streams itself. The Lightstreamer link comes from a script
// (entrypoints/stream-host.ts) added to the page the first time a link is asked for.
import type { StreamLink } from '../../stream/link';

export const STREAM_LINK_GLOBAL = '__marketsideStreamLink';
export type StreamLinkGlobal = { [STREAM_LINK_GLOBAL]?: () => StreamLink };

export function pageStreamLinks(getURL: (path: string) => string, doc: Document = document): () => Promise<StreamLink> {
  let loading: Promise<void> | null = null;
  const load = () =>
    new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = getURL('/stream-host.js');
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('The stream script did not load'));
      doc.head.append(script);
    });
  return async () => {
    const g = globalThis as StreamLinkGlobal;
    if (!g[STREAM_LINK_GLOBAL]) {
      loading ??= load().catch((err: unknown) => {
        loading = null;
        throw err;
      });
      await loading;
    }
    const make = g[STREAM_LINK_GLOBAL];
    if (!make) throw new Error('The stream script did not start');
    return make();
  };
}
