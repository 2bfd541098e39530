// The popup calls the browser's own extension API (promise-based in Chrome 116+ and in Firefox)
// rather than webextension-polyfill, which is a pass-through there and would weigh on its first paint.
import type { browser as Browser } from 'wxt/browser';

type Ext = typeof Browser;
const scope = globalThis as unknown as { browser?: Ext; chrome?: Ext };

export const ext: Ext = (scope.browser?.runtime?.id ? scope.browser : scope.chrome) as Ext;
