// Which browser this is, and the one way past `browser` from wxt/browser (webextension-polyfill's, the design's
// one browser API, which everything else imports).

/** The one Firefox check: WXT sets the target browser at build time (`wxt build -b firefox`). */
export const isFirefox: boolean = import.meta.env.BROWSER === 'firefox';

/**
 * The extension API as the browser itself gives it: Firefox's `browser`, else Chromium's `chrome`. Only for
 * code the polyfill cannot serve: the pages' early scripts (lib/settings/early-read.ts, a 3 kB classic script
 * that runs before the page's module brings the polyfill; bundling it in would add its 9.8 kB to parse and
 * run before every first paint) and the reads wxt's storage makes, which go to these objects, not the
 * polyfill's (lib/settings/batched-reads.ts batches them there).
 */
export function nativeExtensionApi<Api extends object>(scope: object = globalThis): Api | null {
  const { browser, chrome } = scope as { browser?: { runtime?: { id?: string } }; chrome?: object };
  return ((browser?.runtime?.id ? browser : chrome) as Api | undefined) ?? null;
}
