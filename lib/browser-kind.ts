/** The one Firefox check: WXT sets the target browser at build time (`wxt build -b firefox`). */
export const isFirefox: boolean = import.meta.env.BROWSER === 'firefox';
