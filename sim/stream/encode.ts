/** TLCP text encoding: update values, request parameters and WebSocket request framing. */

/** A field value as the client sees it: a string, or null. */
export type Value = string | null;

const FRAMING = /[|,\r\n%]/g;

/** One value of a `U` line: `#` null, `$` empty, otherwise percent-encoded (framing characters and a leading # $ ^). */
export function encodeValue(v: Value): string {
  if (v === null) return '#';
  if (v === '') return '$';
  const body = v.replace(FRAMING, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  const first = body[0];
  if (first === '#' || first === '$' || first === '^')
    return `%${first.charCodeAt(0).toString(16).toUpperCase()}${body.slice(1)}`;
  return body;
}

/**
 * The values part of a `U` line: every field when there is no previous update of the item, otherwise only the
 * changed ones (an empty slot means unchanged). Undefined when nothing changed.
 */
export function encodeUpdate(prev: readonly Value[] | undefined, next: readonly Value[]): string | undefined {
  if (!prev) return next.map(encodeValue).join('|');
  let changed = false;
  const parts = next.map((v, i) => {
    if (v === prev[i]) return '';
    changed = true;
    return encodeValue(v);
  });
  return changed ? parts.join('|') : undefined;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `key=value&…` with percent-encoded values (a `+` stays a plus, as TLCP clients encode spaces as %20). */
export function parseParams(line: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of line.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq < 0) out.set(decode(pair), '');
    else out.set(decode(pair.slice(0, eq)), decode(pair.slice(eq + 1)));
  }
  return out;
}

/** A WebSocket message: the request name on the first line, one parameter line per (batched) request. */
export function parseWsRequest(text: string): { name: string; requests: Map<string, string>[] } {
  const lines = text.split(/\r?\n/);
  const name = (lines.shift() ?? '').trim();
  return { name, requests: lines.filter((l) => l.trim() !== '').map(parseParams) };
}

/** HTTP request bodies: one request per line. */
export function parseHttpBody(text: string): Map<string, string>[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map(parseParams);
}
