import { defineConfig } from 'wxt';
import { asciiScript } from './scripts/ascii-script';
import { inlinePageCss } from './scripts/inline-page-css';
import { withoutPagePreloads } from './scripts/page-preloads';

// Hosts the extension may reach without asking (IG's REST gateways and its streaming hosts); any other
// gateway (the simulated service on 127.0.0.1, a proxy) is granted through optional_host_permissions.
export const IG_HOSTS = ['https://api.ig.com/*', 'https://demo-api.ig.com/*', 'https://*.marketdatasystems.com/*'];
/**
 * The extension pages' and worker's policy: MV3's default with WebAssembly allowed ('wasm-unsafe-eval', for
 * the vault's Argon2id in lib/vault/crypto.ts; eval stays refused). Firefox's default would add
 * upgrade-insecure-requests, which this leaves out (see below).
 */
export const EXTENSION_PAGES_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';";
export const OPTIONAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*'];
/**
 * What the Firefox sources zip holds: what a reviewer needs to rebuild the add-on and nothing else (no
 * simulator, tests, benchmarks, e2e or artifacts). Everything else is excluded; the README's "Build from
 * source" section lists the steps. scripts/ holds only the build's own plugins and the icon renderer.
 */
export const SOURCES_ZIP_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'wxt.config.ts',
  'README.md',
  'LICENSE',
  'PRIVACY.md',
  'CHANGELOG.md',
  'assets/**',
  'components/**',
  'entrypoints/**',
  'lib/**',
  'locales/**',
  'public/**',
  'scripts/ascii-script.ts',
  'scripts/inline-page-css.ts',
  'scripts/page-preloads.ts',
  'scripts/icons.ts',
];

/**
 * What the add-on transmits, in Mozilla's categories: the IG identifier, password and API key go to IG to
 * sign in (authentication); account figures, positions and deals are exchanged with IG (financial); market
 * searches typed in the popup or after the `ms` keyword in the address bar go to IG's market search (search
 * terms). All are needed for the add-on to work at all, so all are required; nothing is optional (no
 * telemetry, no other recipient).
 */
export const FIREFOX_DATA_COLLECTION = {
  required: ['authenticationInfo', 'financialAndPaymentInfo', 'searchTerms'],
} as const;

export default defineConfig({
  manifestVersion: 3,
  // The design's one browser API: `browser` from wxt/browser is webextension-polyfill's.
  // Every string a user sees comes from locales/<language>.yml, built into _locales/ (docs/i18n.md).
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  zip: {
    excludeSources: ['**'],
    includeSources: SOURCES_ZIP_FILES,
  },
  vite: () => ({
    plugins: [inlinePageCss(['popup', 'sidepanel'])],
    build: { modulePreload: { resolveDependencies: withoutPagePreloads(['sidepanel']) } },
  }),
  hooks: {
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.some((e) => e.type === 'background')) return;
      config.plugins = [...(config.plugins ?? []), asciiScript()];
      // MS_SOURCEMAP=1: the worker with a source map, for bench/worker-wake-marks.ts.
      if (process.env.MS_SOURCEMAP) config.build = { ...config.build, sourcemap: true };
    },
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // Chrome runs the stream in an offscreen document; Firefox's background page has a DOM of its own.
    permissions: [
      'storage',
      'alarms',
      'notifications',
      'contextMenus',
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    host_permissions: IG_HOSTS,
    optional_host_permissions: OPTIONAL_HOSTS,
    omnibox: { keyword: 'ms' },
    commands: {
      ...(browser === 'firefox'
        ? {
            _execute_sidebar_action: {
              suggested_key: { default: 'Alt+Shift+M' },
              description: '__MSG_commandOpenSidebar__',
            },
          }
        : {
            'open-side-panel': {
              suggested_key: { default: 'Alt+Shift+M' },
              description: '__MSG_commandOpenSidePanel__',
            },
          }),
    },
    ...(browser === 'firefox'
      ? {
          // Firefox's default policy for MV3 pages adds upgrade-insecure-requests, which turns the stream's
          // ws:// into wss:// even on loopback (its http:// requests there are exempt): the simulated or
          // proxied service on 127.0.0.1 could then be reached over REST but never streamed from: the policy
          // set above for both browsers leaves it out. IG's own hosts are https and wss either way.
          browser_specific_settings: {
            gecko: {
              id: 'marketside@marketside.app',
              strict_min_version: '140.0',
              data_collection_permissions: { required: [...FIREFOX_DATA_COLLECTION.required] },
            },
            // Firefox for Android reads data_collection_permissions from 142 on.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : { minimum_chrome_version: '116' }),
  }),
});
