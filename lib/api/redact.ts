// Keeps credentials and tokens out of messages and logs. The transport registers every secret it
// holds (password, API key, identifier, CST, X-SECURITY-TOKEN, OAuth tokens) and every string that
// leaves this package through an error or the logger passes through `redact`.

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

const MASK = '[redacted]';
// Shapes that look like credentials even when we never registered the value.
const PATTERNS: RegExp[] = [
  /(bearer\s+)[^\s"',;]+/gi,
  /("?(?:password|access_token|refresh_token|cst|x-security-token|x-ig-api-key|apiKey|authorization)"?\s*[:=]\s*"?)[^\s"',;}]+/gi,
];

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Remember a secret; values shorter than 4 characters are not worth masking and would mangle text. */
  add(...values: (string | null | undefined)[]): void {
    for (const value of values) {
      if (typeof value === 'string' && value.length >= 4) {
        this.secrets.add(value);
        const encoded = encodeURIComponent(value);
        if (encoded !== value) this.secrets.add(encoded);
      }
    }
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret containing another is masked whole.
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      if (out.includes(secret)) out = out.split(secret).join(MASK);
    }
    for (const pattern of PATTERNS) out = out.replace(pattern, `$1${MASK}`);
    return out;
  }

  /** Deep copy with every string redacted; used on logger data. */
  redactValue(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (depth > 6 || value === null || typeof value !== 'object') return value;
    if (value instanceof Error) return this.redact(`${value.name}: ${value.message}`);
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.redactValue(v, depth + 1);
    return out;
  }

  /** A logger that redacts everything before it reaches `inner`; a silent one when there is none. */
  wrapLogger(inner: Logger | undefined): Logger {
    const send = (level: keyof Logger) => (message: string, data?: Record<string, unknown>) => {
      if (!inner) return;
      const safeData = data === undefined ? undefined : (this.redactValue(data) as Record<string, unknown>);
      try {
        inner[level](this.redact(message), safeData);
      } catch {
        // A failing logger must never break a request.
      }
    };
    return { debug: send('debug'), info: send('info'), warn: send('warn'), error: send('error') };
  }
}
