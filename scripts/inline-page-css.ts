// A Vite plugin that puts the stylesheets of the popup's and the side panel's pages into their HTML
// (`<style>`; the extension's content security policy restricts scripts, not styles). A page's scripts do not
// run until its stylesheets have loaded: two fewer files to fetch before the first paint. The CSS files
// stay in the build for the chunks that load them later.
import type { WxtViteConfig } from 'wxt';

type VitePlugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;
interface Emitted {
  type: 'asset' | 'chunk';
  fileName: string;
  source?: string | Uint8Array;
}

export function inlinePageCss(pages: string[]): VitePlugin {
  return {
    name: 'marketside:inline-page-css',
    enforce: 'post',
    generateBundle(_, output) {
      const bundle = output as unknown as Record<string, Emitted>;
      for (const file of Object.values(bundle)) {
        // Vite names a page by its source (entrypoints/popup/index.html); WXT moves it to popup.html after.
        if (file.type !== 'asset' || !pages.some((p) => file.fileName === `entrypoints/${p}/index.html`)) continue;
        file.source = String(file.source).replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/?([^"]+\.css)">/g,
          (tag, href: string) => {
            const css = bundle[href];
            if (css?.type !== 'asset' || css.source === undefined) return tag;
            const text = typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
            return `<style>${text.trim()}</style>`;
          },
        );
      }
    },
  };
}
