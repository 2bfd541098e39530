// Reading the dealing forms' text fields.

/** A number typed by the user: empty → null; a comma is read as a decimal point; nonsense → NaN. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '') return null;
  return /^[+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}
