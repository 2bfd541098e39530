// The last pass over every reply: no credential or token may leave the background. Every string in the
// reply is checked against the secrets the background holds right now (password, API key, tokens).

const MASK = '[redacted]';
const SECRET_KEYS =
  /^(password|apiKey|pin|currentPin|pinConfirm|cst|securityToken|accessToken|refreshToken|x-security-token|authorization)$/i;

function mask(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}

/** A deep copy of `value` with every secret masked and every credential-named field emptied. */
export function redactReply<T>(value: T, secrets: string[]): T {
  const sorted = [...new Set(secrets)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return sorted.length ? mask(v, sorted) : v;
    if (v === null || typeof v !== 'object' || depth > 20) return v;
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) {
      out[k] = SECRET_KEYS.test(k) && typeof item === 'string' ? MASK : walk(item, depth + 1);
    }
    return out;
  };
  return walk(value, 0) as T;
}
