import { defineConfig } from 'wxt';
import { inlinePageCss } from './scripts/inline-page-css';

// Hosts the extension may reach without asking (IG's REST gateways and its streaming hosts); any other
// gateway (the simulated service on 127.0.0.1, a proxy) is granted through optional_host_permissions.
export const IG_HOSTS = ['https://api.ig.com/*', 'https://demo-api.ig.com/*', 'https://*.marketdatasystems.com/*'];
export const OPTIONAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  manifestVersion: 3,
  vite: () => ({ plugins: [inlinePageCss(['popup', 'sidepanel'])] }),
  manifest: ({ browser }) => ({
    name: 'Marketside',
    description: 'Watch markets on your IG account: quick lookup, watchlists, price history and client sentiment.',
    // Chrome runs the stream in an offscreen document; Firefox's background page has a DOM of its own.
    permissions: [
      'storage',
      'alarms',
      'notifications',
      'contextMenus',
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    host_permissions: IG_HOSTS,
    optional_host_permissions: OPTIONAL_HOSTS,
    omnibox: { keyword: 'ms' },
    commands: {
      ...(browser === 'firefox'
        ? {
            _execute_sidebar_action: {
              suggested_key: { default: 'Alt+Shift+M' },
              description: 'Open the Marketside sidebar',
            },
          }
        : {
            'open-side-panel': {
              suggested_key: { default: 'Alt+Shift+M' },
              description: 'Open the Marketside side panel',
            },
          }),
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'marketside@marketside.app',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : { minimum_chrome_version: '116' }),
  }),
});
