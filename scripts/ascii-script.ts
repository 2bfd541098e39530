// The worker's script as ASCII: each non-ASCII character (a dash, a quote mark, a currency sign in a string)
// written as its \uXXXX escape, which JavaScript reads as the same character in strings, untagged templates,
// regular expressions and comments (the worker has no String.raw). One non-ASCII character makes Chrome decode
// the whole script to two bytes a character and hand it over at that size on every wake of the service worker
// (bench/worker-wake-trace.ts: decoding and fetching it took 3.6 ms of a wake instead of 0.9, load ~20).
import type { WxtViteConfig } from 'wxt';

type VitePlugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;

export function asciiEscaped(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function asciiScript(): VitePlugin {
  return {
    name: 'marketside:ascii-script',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = asciiEscaped(chunk.code);
    },
  };
}
