// Intl formatters, cached per locale and options: this runs per streamed tick. The per-tick path (prices,
// changes, percentages) looks its formatter up by index, not by a built key.

const numberFormats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const k = `${locale}|${key}`;
  let f = numberFormats.get(k);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(k, f);
  }
  return f;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `${locale}|${key}|${options.timeZone ?? ''}`;
  let f = dateFormats.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(k, f);
  }
  return f;
}

export const fixed = (places: number) => ({ minimumFractionDigits: places, maximumFractionDigits: places });

// The per-tick path (prices, changes, percentages) looks its formatter up by index, not by a built key.
let tickLocale = '';
let byPlaces: Intl.NumberFormat[] = [];
let percentAffix: [string, string] = ['', '%'];

/** The percent sign's text before and after the number, in the locale `fixedFormat` was last asked for. */
export function tickPercentAffix(): [string, string] {
  return percentAffix;
}

export function fixedFormat(locale: string, places: number): Intl.NumberFormat {
  if (locale !== tickLocale) {
    tickLocale = locale;
    byPlaces = [];
    const parts = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(0.5);
    const at = parts.findIndex((p) => p.type === 'integer');
    const text = (xs: Intl.NumberFormatPart[]) => xs.map((p) => p.value).join('');
    percentAffix = [text(parts.slice(0, at)), text(parts.slice(at + 1))];
  }
  let f = byPlaces[places];
  if (!f) {
    f = new Intl.NumberFormat(locale, fixed(places));
    byPlaces[places] = f;
  }
  return f;
}
