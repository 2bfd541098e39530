// The widths a number's padding is worked out from (lib/sidepanel/number-columns.ts fractionPad), measured in
// the page from the font the rows' numbers are drawn in, not assumed: a tabular digit and the locale's decimal
// separator between two digits, in px.
import { useLayoutEffect, useState } from 'preact/hooks';
import { decimalSeparator, formatLocale } from '../../lib/format';

export type NumberMetrics = Record<'--wl-digit' | '--wl-sep', string>;

/**
 * Measured in a probe inside `el` styled by the rows' own rules (a `.num` in a `.wl-row`), so it has their number
 * font whatever those rules say; shown as a block, hidden, where a row is a grid.
 */
function measure(el: HTMLElement, separator: string): NumberMetrics | null {
  const row = document.createElement('div');
  row.className = 'wl-row';
  row.style.cssText = 'display:block;visibility:hidden;white-space:pre';
  const probe = row.appendChild(document.createElement('span'));
  probe.className = 'num';
  el.appendChild(row);
  probe.textContent = '0000000000';
  const digit = probe.getBoundingClientRect().width / 10;
  probe.textContent = `0${separator}0`;
  const sep = probe.getBoundingClientRect().width - 2 * digit;
  row.remove();
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
