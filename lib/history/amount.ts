// Money as IG's history sends it: strings such as "E10,000.00", "-£12.50", "£-12.50", "A$1,234.56",
// "1.234,56" or plain numbers. Read into an exact decimal (a canonical string such as "-12.50") and
// summed in integers, so a period's realised P&L is the sum a trader would get by hand.

export interface Amount {
  /** Canonical decimal: an optional "-", digits, and "." with the fraction where there is one. */
  readonly value: string;
  /** What preceded or followed the number ("E", "£", "A$", "EUR"), if anything. */
  readonly symbol: string | null;
}

const SHAPE = /^([+-]?)\s*([^\d\s+.,-]*)\s*([+-]?)\s*(\d[\d.,\s]*)\s*([^\d\s]*)$/;

function canonicalDigits(raw: string): string | null {
  const text = raw.replace(/\s/g, '');
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimal: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastDot >= 0) decimal = text.indexOf('.') === lastDot ? '.' : null;
  else if (lastComma >= 0) decimal = text.indexOf(',') === lastComma && text.length - lastComma - 1 !== 3 ? ',' : null;
  const thousands = decimal === ',' ? '.' : ',';
  const [whole = '', fraction, extra] = text.split(decimal ?? '\u0000');
  if (extra !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return null;
  const groups = whole.split(thousands);
  if (groups.length > 1) {
    if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
  } else if (!/^\d+$/.test(whole)) return null;
  const digits = groups.join('').replace(/^0+(?=\d)/, '');
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/** An amount from IG's history, or null where the text is not one ("-", "", junk). */
export function parseAmount(input: unknown): Amount | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    return { value: canonical(String(input)), symbol: null };
  }
  if (typeof input !== 'string') return null;
  const m = SHAPE.exec(input.trim());
  if (!m) return null;
  const [, sign1 = '', prefix = '', sign2 = '', number = '', suffix = ''] = m;
  if (sign1 && sign2) return null;
  if (prefix && suffix) return null;
  const digits = canonicalDigits(number);
  if (digits === null) return null;
  const negative = (sign1 || sign2) === '-';
  return { value: canonical(negative ? `-${digits}` : digits), symbol: prefix || suffix || null };
}

function canonical(text: string): string {
  const zero = /^-?0*(\.0*)?$/.test(text);
  return zero ? text.replace(/^-/, '') : text;
}

function scaleOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

function toScaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const n = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return negative ? -n : n;
}

function fromScaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The exact sum of canonical decimals, at the largest scale among them (at least 2). */
export function sumAmounts(values: readonly string[]): string {
  const scale = Math.max(2, ...values.map(scaleOf));
  return fromScaled(
    values.reduce((s, v) => s + toScaled(v, scale), 0n),
    scale,
  );
}

/** -1, 0 or 1 as a is less than, equal to or more than b, exactly. */
export function compareAmounts(a: string, b: string): number {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const d = toScaled(a, scale) - toScaled(b, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** -1, 0 or 1 for a canonical decimal, read from its digits (a History of thousands of trades asks often). */
export function signOf(value: string): number {
  if (!/[1-9]/.test(value)) return 0;
  return value.startsWith('-') ? -1 : 1;
}
