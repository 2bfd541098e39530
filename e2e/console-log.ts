// What the secret scan reads: for every end-to-end test, everything Marketside said or kept, written to
// artifacts/console/run-<runner pid>/<test>.jsonl — every console line of its pages and service worker,
// every reply and live-port message a page received, every error or status text a page showed, the
// pages' text at the end, every `storage.local` key and every IndexedDB record (read from the worker).
// `e2e/zz-secret-scan.spec.ts` runs last in the same Playwright run and searches it all for the
// simulated service's password, API key and tokens.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, TestInfo, Worker } from '@playwright/test';
import { type ExtensionGlobals, findServiceWorker, ROOT } from './launch';

export const CONSOLE_DIR = join(ROOT, 'artifacts', 'console');

/** This Playwright run's folder: the workers of one run share the runner process as parent. */
export function runDir(runnerPid = process.ppid): string {
  return join(CONSOLE_DIR, `run-${runnerPid}`);
}

export type RecordKind =
  | 'console'
  | 'reply'
  | 'port'
  | 'shown'
  | 'page-text'
  | 'storage-local'
  | 'indexeddb'
  | 'secrets';

export interface LogRecord {
  kind: RecordKind;
  /** Page URL, 'service worker', a storage key or `<database>/<store>/<key>`. */
  where: string;
  text: string;
}

export interface Credentials {
  password: string;
  apiKey: string;
}

export interface Recording {
  /** Reads storage and IndexedDB from the worker and the pages' text; call before the context closes. */
  flush(): Promise<void>;
}

// Installed in every page before its scripts run. Text, not a function: compiled code would carry the
// test runner's helpers into the page.
const PAGE_RECORDER = `(() => {
  if (location.protocol !== 'chrome-extension:') return;
  const send = (kind, text) => { try { window.__marketsideRecord(kind, String(text)); } catch {} };
  const json = (x) => { try { return JSON.stringify(x); } catch { return String(x); } };
  const rt = globalThis.chrome && globalThis.chrome.runtime;
  if (rt && typeof rt.sendMessage === 'function') {
    const original = rt.sendMessage.bind(rt);
    rt.sendMessage = (...args) => {
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (reply) => { send('reply', json(reply)); return last(reply); };
        return original(...args);
      }
      const out = original(...args);
      return out && typeof out.then === 'function' ? out.then((reply) => { send('reply', json(reply)); return reply; }) : out;
    };
  }
  if (rt && typeof rt.connect === 'function') {
    const connect = rt.connect.bind(rt);
    rt.connect = (...args) => {
      const port = connect(...args);
      port.onMessage.addListener((m) => send('port', json(m)));
      return port;
    };
  }
  const shown = new Set();
  const look = () => {
    for (const el of document.querySelectorAll('[role="alert"],[role="status"],[aria-live],.error,.banner')) {
      const text = (el.textContent || '').trim();
      if (text && !shown.has(text)) { shown.add(text); send('shown', text); }
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

const recordings = new WeakMap<BrowserContext, Recording>();

function fileName(testInfo: TestInfo): string {
  const base = `${testInfo.titlePath.join(' ')} ${testInfo.retry}`.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 150);
  return `${base}-${testInfo.testId}.jsonl`;
}

/** Old runs' folders (older than two hours: another run on this machine may be going on now). */
function removeStaleRuns(): void {
  let names: string[] = [];
  try {
    names = readdirSync(CONSOLE_DIR);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(CONSOLE_DIR, name);
    if (path === runDir()) continue;
    // Another worker of this run may remove the same old folder first.
    const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 2 * 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

/** The whole of the worker's storage.local and IndexedDB, one record per key. */
async function dumpStorage(worker: Worker): Promise<LogRecord[]> {
  return worker.evaluate(async () => {
    const out: { kind: 'storage-local' | 'indexeddb'; where: string; text: string }[] = [];
    const text = (x: unknown) => {
      try {
        return JSON.stringify(x) ?? String(x);
      } catch {
        return String(x);
      }
    };
    const local = await (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(null);
    for (const [key, value] of Object.entries(local))
      out.push({ kind: 'storage-local', where: key, text: text(value) });
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => done(open.result);
        open.onerror = () => fail(open.error);
      });
      for (const store of [...db.objectStoreNames]) {
        const [keys, values] = await new Promise<[IDBValidKey[], unknown[]]>((done, fail) => {
          const tx = db.transaction(store, 'readonly');
          const k = tx.objectStore(store).getAllKeys();
          const v = tx.objectStore(store).getAll();
          tx.oncomplete = () => done([k.result, v.result]);
          tx.onerror = () => fail(tx.error);
        });
        keys.forEach((key, i) => {
          out.push({ kind: 'indexeddb', where: `${name}/${store}/${String(key)}`, text: text(values[i]) });
        });
      }
      db.close();
    }
    return out;
  });
}

/**
 * Starts recording a test's browser context (idempotent). Call right after the context is launched;
 * call `flush()` before it closes.
 */
export async function startRecording(
  context: BrowserContext,
  testInfo: TestInfo,
  credentials: Credentials,
): Promise<Recording> {
  const existing = recordings.get(context);
  if (existing) return existing;
  mkdirSync(runDir(), { recursive: true });
  removeStaleRuns();
  const file = join(runDir(), fileName(testInfo));
  // A test's second context (Chromium relaunched after a crash) adds to the first one's file.
  (existsSync(file) ? appendFileSync : writeFileSync)(
    file,
    `${JSON.stringify({ kind: 'secrets', where: testInfo.file, text: JSON.stringify(credentials) } satisfies LogRecord)}\n`,
  );
  let writes = Promise.resolve();
  const write = (records: LogRecord[]) => {
    const lines = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    writes = writes.then(() => appendFile(file, lines)).catch(() => undefined);
    return writes;
  };

  const watchWorker = (worker: Worker) => {
    worker.on('console', (msg) => void write([{ kind: 'console', where: 'service worker', text: msg.text() }]));
  };
  for (const w of context.serviceWorkers()) watchWorker(w);
  context.on('serviceworker', watchWorker);
  context.on('console', (msg) => {
    if (msg.worker()) return;
    void write([{ kind: 'console', where: msg.page()?.url() ?? 'page', text: msg.text() }]);
  });
  context.on('weberror', (err) => {
    void write([
      { kind: 'console', where: err.page()?.url() ?? 'page', text: String(err.error()?.stack ?? err.error()) },
    ]);
  });
  await context.exposeBinding('__marketsideRecord', (source, kind: unknown, text: unknown) => {
    if (kind !== 'reply' && kind !== 'port' && kind !== 'shown') return;
    void write([{ kind, where: source.page?.url() ?? 'page', text: String(text) }]);
  });
  await context.addInitScript({ content: PAGE_RECORDER });

  let flushed = false;
  const recording: Recording = {
    async flush() {
      if (flushed) return;
      flushed = true;
      const records: LogRecord[] = [];
      for (const page of context.pages()) {
        if (!page.url().startsWith('chrome-extension://')) continue;
        const text = await page
          .locator('body')
          .textContent({ timeout: 2_000 })
          .catch(() => null);
        records.push({ kind: 'page-text', where: page.url(), text: text ?? '' });
      }
      const worker = await findServiceWorker(context, 5_000).catch(() => null);
      if (worker) records.push(...(await dumpStorage(worker).catch(() => [])));
      await write(records);
    },
  };
  recordings.set(context, recording);
  return recording;
}

// --- The scan ---------------------------------------------------------------------------------------

/** Tokens the simulated service issues: CST / X-SECURITY-TOKEN and OAuth access / refresh tokens. */
export const SIM_TOKEN = /SIM(?:CST|XST)[0-9a-f]{20,}|SIM(?:ACC|REF)-[0-9a-f]{8}(?:-[0-9a-f]{4,12}){2,4}/;

export interface Finding {
  file: string;
  kind: RecordKind;
  where: string;
  secret: 'password' | 'api key' | 'token';
  excerpt: string;
}

export interface ScanResult {
  files: string[];
  /** Spec files whose tests were recorded. */
  specs: string[];
  records: number;
  byKind: Partial<Record<RecordKind, number>>;
  findings: Finding[];
}

function excerpt(text: string, at: number): string {
  return text.slice(Math.max(0, at - 40), at + 20).replace(/(sim-pass|sim-apikey|SIM[A-Z]{3})[^\s"']*/g, '$1…');
}

/** Searches every record of a run folder for the credentials and tokens of the simulated service. */
export function scanRun(dir: string): ScanResult {
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  const result: ScanResult = { files, specs: [], records: 0, byKind: {}, findings: [] };
  const specs = new Set<string>();
  for (const file of files) {
    const records = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogRecord);
    const secrets: { value: string; secret: Finding['secret'] }[] = [];
    for (const r of records.filter((x) => x.kind === 'secrets')) {
      specs.add(r.where);
      const c = JSON.parse(r.text) as Credentials;
      secrets.push({ value: c.password, secret: 'password' }, { value: c.apiKey, secret: 'api key' });
    }
    for (const record of records) {
      if (record.kind === 'secrets') continue;
      result.records++;
      result.byKind[record.kind] = (result.byKind[record.kind] ?? 0) + 1;
      const token = SIM_TOKEN.exec(record.text);
      if (token)
        result.findings.push({
          file,
          kind: record.kind,
          where: record.where,
          secret: 'token',
          excerpt: excerpt(record.text, token.index),
        });
      for (const { value, secret } of secrets) {
        const at = value ? record.text.indexOf(value) : -1;
        if (at >= 0)
          result.findings.push({
            file,
            kind: record.kind,
            where: record.where,
            secret,
            excerpt: excerpt(record.text, at),
          });
      }
    }
  }
  result.specs = [...specs].sort();
  return result;
}
