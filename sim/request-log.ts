export interface LogEntry {
  method: string;
  path: string;
  version: number;
  query: Record<string, string>;
  /** HTTP status; 0 when the connection was dropped. */
  status: number;
  /** Simulated time (ms). */
  time: number;
}

const SECRET = /pass|token|secret|key|cst|auth/i;
const MAX_ENTRIES = 20_000;

/** The requests the gateway received, with secrets masked. */
export class RequestLog {
  private entries: LogEntry[] = [];

  add(method: string, path: string, version: number, query: URLSearchParams, time: number): LogEntry {
    const q: Record<string, string> = {};
    for (const [k, v] of query) q[k] = SECRET.test(k) ? '***' : v;
    const entry: LogEntry = { method, path, version, query: q, status: 0, time };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return entry;
  }

  /** Copies of the entries from index `from` on (a count taken earlier marks where a case began). */
  list(from = 0): LogEntry[] {
    return this.entries.slice(from).map((e) => ({ ...e, query: { ...e.query } }));
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
