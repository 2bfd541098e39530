// Which chunks a page's HTML preloads (`<link rel="modulepreload">`; Vite's build.modulePreload). The side
// panel's first paint comes from its early script (the screen it kept, lib/early-screen/paint.ts), a parser-blocking file
// that Chromium fetched alongside the ten files its HTML named, and later for it (about 8 ms a warm opening
// on a 2-core machine): its chunks are fetched when its main script asks for them instead, a few ms later.
type ResolveDependencies = (file: string, deps: string[], ctx: { hostId: string; hostType: 'html' | 'js' }) => string[];

export function withoutPagePreloads(pages: string[]): ResolveDependencies {
  return (_file, deps, { hostId, hostType }) =>
    hostType === 'html' && pages.some((p) => hostId === `entrypoints/${p}/index.html`) ? [] : deps;
}
