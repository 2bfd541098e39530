// The widths a number's padding is worked out from (lib/sidepanel/number-columns.ts fractionPad), measured in
// the page from the font the rows' numbers are drawn in, not assumed: a tabular digit and the locale's decimal
// separator between two digits, in px.
import { useLayoutEffect, useState } from 'preact/hooks';
import { decimalSeparator, formatLocale } from '../../lib/format';

export type NumberMetrics = Record<'--wl-digit' | '--wl-sep', string>;

/** Measured in a probe inside `el`, in the rows' number font (CSS .wl-row .num: 12 px, tabular digits). */
function measure(el: HTMLElement, separator: string): NumberMetrics | null {
  const probe = document.createElement('span');
  probe.style.cssText =
    'position:absolute;visibility:hidden;white-space:pre;font-size:12px;font-variant-numeric:tabular-nums';
  el.appendChild(probe);
  probe.textContent = '0000000000';
  const digit = probe.getBoundingClientRect().width / 10;
  probe.textContent = `0${separator}0`;
  const sep = probe.getBoundingClientRect().width - 2 * digit;
  probe.remove();
  // Not laid out (a hidden view): measured again on the next draw.
  if (!(digit > 0)) return null;
  return { '--wl-digit': `${digit}px`, '--wl-sep': `${sep}px` };
}

/** The table's number metrics, measured again when the locale or the page's fonts change. */
export function useNumberMetrics(el: { current: HTMLElement | null }): NumberMetrics | null {
  const [metrics, setMetrics] = useState<{ key: string; value: NumberMetrics } | null>(null);
  const [fonts, setFonts] = useState(0);
  const key = `${formatLocale()} ${fonts}`;
  useLayoutEffect(() => {
    const node = el.current;
    if (!node || metrics?.key === key) return;
    const value = measure(node, decimalSeparator());
    if (value) setMetrics({ key, value });
  });
  useLayoutEffect(() => {
    const loaded = () => setFonts((n) => n + 1);
    document.fonts?.addEventListener('loadingdone', loaded);
    return () => document.fonts?.removeEventListener('loadingdone', loaded);
  }, []);
  return metrics?.value ?? null;
}
