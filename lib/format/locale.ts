// The locale numbers and dates show in: the browser's UI locale, or one pinned (`setFormatLocale`, for tests
// and for a page that knows better).
import { browser } from 'wxt/browser';

/** Used where no browser says otherwise (Node, tests without a locale): the project's historical output. */
export const FALLBACK_LOCALE = 'en-GB';

let pinned: string | undefined;
let detected: string | undefined;

/** Pins the locale every formatter uses; `undefined` goes back to the browser's UI language. */
export function setFormatLocale(locale: string | undefined): void {
  pinned = locale === undefined ? undefined : supported(locale);
}

function supported(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/** The locale numbers and dates show in: a pinned one, else the browser's UI language, else en-GB. */
export function formatLocale(): string {
  if (pinned) return pinned;
  if (detected) return detected;
  let ui: string | undefined;
  try {
    // The locale the catalogue's words come in first: Chromium's pages can report en-US from getUILanguage
    // while the browser (and its service worker) runs in another language. No extension (Node: the e2e
    // specs, the benches) or a fake one that has no i18n: the fallback.
    const api = browser?.i18n;
    ui = api?.getMessage('@@ui_locale') || api?.getUILanguage();
  } catch {
    ui = undefined;
  }
  detected = ui ? supported(ui.replace('_', '-')) : FALLBACK_LOCALE;
  return detected;
}
