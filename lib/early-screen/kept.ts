// The screen a page kept for its next opening: the HTML its components rendered the first time its rows were
// in (the same first render the next opening will make, so the hand-over changes nothing but fresher values),
// kept in storage.session (memory only, the browser session long) and shown by the next opening's early
// script while the main bundle loads (./paint.ts). Its markup is the components' own; what the background's
// status decides (the account, the stream, banners: marked `data-unkept`) is left out, since the next first
// render does not know the status yet. It holds what the page showed (names, prices), never credentials.
import { browser } from 'wxt/browser';
import { type KEPT_SCREEN_KEYS, keptScreenName } from '../settings/stored-items';

export type KeptPage = keyof typeof KEPT_SCREEN_KEYS;

export interface KeptScreen {
  /** What the page showed (lib/popup/kept-key.ts, lib/sidepanel/kept-key.ts): shown again only for the same. */
  key: string;
  html: string;
}

export interface Keep {
  page: KeptPage;
  key: string;
}

/** The root's content as markup, with what its form controls hold (properties, not attributes) written in. */
export function keptHtml(app: HTMLElement): string {
  const copy = app.cloneNode(true) as HTMLElement;
  const controls = app.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select');
  const copied = copy.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select');
  controls.forEach((control, i) => {
    const to = copied[i];
    if (!to) return;
    if (control instanceof HTMLSelectElement) {
      const options = to.querySelectorAll('option');
      for (const [j, o] of Array.from(control.options).entries()) options[j]?.toggleAttribute('selected', o.selected);
    } else if (control.type === 'checkbox' || control.type === 'radio') to.toggleAttribute('checked', control.checked);
    else to.setAttribute('value', control.value);
  });
  for (const unkept of copy.querySelectorAll('[data-unkept]')) unkept.remove();
  return copy.innerHTML;
}

let kept = false;

/** Keeps the root's screen for the next opening: once a page, at its first screen with rows. */
export function keepScreen({ page, key }: Keep, app: HTMLElement, write = writeSession): void {
  const name = keptScreenName(page, key);
  if (kept || !name) return;
  kept = true;
  const screen: KeptScreen = { key, html: keptHtml(app) };
  void write({ [name]: screen }).catch(() => undefined);
}

const writeSession = (values: Record<string, KeptScreen>) => browser.storage.session.set(values);

/** Tests: the next page load. */
export function resetKept(): void {
  kept = false;
}
