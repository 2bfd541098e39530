import type { Theme } from './registry';

/** Applies the theme preference to a page: 'system' follows prefers-color-scheme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
}
