import { defineConfig } from 'wxt';

// Hosts the extension may reach without asking; any other gateway (the simulated
// service on 127.0.0.1, a proxy) is granted through optional_host_permissions when chosen.
export const IG_HOSTS = ['https://api.ig.com/*', 'https://demo-api.ig.com/*'];
export const OPTIONAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: 'Marketside',
    description: 'Watch markets on your IG account: quick lookup, watchlists, price history and client sentiment.',
    permissions: ['storage', 'alarms', 'notifications', 'contextMenus'],
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
