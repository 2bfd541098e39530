// Which lines of Firefox's output are the extension's errors (pref `devtools.console.stdout.content`).

/** Firefox's own noise on a machine with no GPU and no network; none of it comes from the extension. */
const HARMLESS = [
  /RenderCompositorSWGL failed mapping default framebuffer/,
  /^Handler function threw an exception: TypeError: can't access property "id", context is null/,
  /^console\.error: RSLoader:/,
];

/** An extension's line: its pages and event page print `console.error: "…"`; uncaught errors name the add-on's URL. */
export function isExtensionError(line: string, origin: string): boolean {
  if (HARMLESS.some((re) => re.test(line))) return false;
  return line.startsWith('console.error: "') || line.startsWith(`JavaScript error: ${origin}/`);
}

/**
 * Firefox refusing a page's call as it closes the browser under it (`NS_ERROR_NOT_INITIALIZED`): printed once the
 * journey is over and its Firefox closing, not something a user of an open page meets. Any other error still counts.
 */
export function isClosingRefusal(line: string): boolean {
  return / NS_ERROR_NOT_INITIALIZED\b/.test(line);
}

/** The extension's errors among Firefox's output, less its closing refusals from line `closingFrom` on. */
export function extensionErrorsIn(output: readonly string[], origin: string, closingFrom: number): string[] {
  return output.filter((line, i) => isExtensionError(line, origin) && !(i >= closingFrom && isClosingRefusal(line)));
}
