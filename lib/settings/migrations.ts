// Migrations of stored settings: each turns a value written by an older version into the current shape
// without dropping what the user made (a preference, an alert, a remembered connection). Pure.
import {
  conditionError,
  HISTORY_KEPT,
  type ListAlert,
  type ListCondition,
  type ListFiring,
} from '../alerts/list-rules';
import type { AlertRule } from '../model';
import type { Connection, Prefs, RecentLookup, SessionSecrets } from './registry';

type Loose = Record<string, unknown>;

const isObject = (x: unknown): x is Loose => typeof x === 'object' && x !== null && !Array.isArray(x);
const positiveInt = (x: unknown, fallback: number) =>
  typeof x === 'number' && Number.isFinite(x) && x >= 1 ? Math.round(x) : fallback;

/** Fields added since v1 get their defaults; values the user set are kept (cadences kept at least 1). */
export function migratePrefs(old: unknown, defaults: Prefs): Prefs {
  const o = isObject(old) ? old : {};
  const sort = isObject(o.sort) ? o.sort : {};
  return {
    priceRefreshSec: positiveInt(o.priceRefreshSec, defaults.priceRefreshSec),
    sentimentRefreshMin: positiveInt(o.sentimentRefreshMin, defaults.sentimentRefreshMin),
    backgroundRefreshMin: positiveInt(o.backgroundRefreshMin, defaults.backgroundRefreshMin),
    sparklines: typeof o.sparklines === 'boolean' ? o.sparklines : defaults.sparklines,
    theme: o.theme === 'light' || o.theme === 'dark' || o.theme === 'system' ? o.theme : defaults.theme,
    sort: {
      column: typeof sort.column === 'string' ? (sort.column as Prefs['sort']['column']) : defaults.sort.column,
      direction: sort.direction === 'desc' || sort.direction === 'asc' ? sort.direction : defaults.sort.direction,
    },
    selectedWatchlistId: typeof o.selectedWatchlistId === 'string' ? o.selectedWatchlistId : null,
  };
}

const text = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);

/** A connection from before `remember` and `sessionVersion`: secrets kept in storage.local were remembered. */
export function migrateConnection(old: unknown, defaults: Connection): Connection {
  const o = isObject(old) ? old : {};
  const env = o.environment === 'live' || o.environment === 'custom' || o.environment === 'demo' ? o.environment : null;
  const password = text(o.password);
  const apiKey = text(o.apiKey);
  return {
    environment: env ?? defaults.environment,
    baseUrl: text(o.baseUrl),
    apiKey,
    identifier: text(o.identifier),
    password,
    remember: typeof o.remember === 'boolean' ? o.remember : password !== null || apiKey !== null,
    sessionVersion: o.sessionVersion === 3 ? 3 : 2,
  };
}

/** A v2 connection without its plain-text secrets, and those secrets when it remembered any. */
export function splitRememberedSecrets(old: Connection): { connection: Connection; secrets: SessionSecrets | null } {
  const connection = { ...old, apiKey: null, password: null };
  const apiKey = text(old.apiKey);
  const password = text(old.password);
  return { connection, secrets: old.remember && (apiKey || password) ? { apiKey, password } : null };
}

const ALERT_KINDS = new Set(['above', 'below', 'move-pct', 'sentiment-long-above', 'sentiment-long-below']);

/** Every rule with a market, a kind and a target is kept; missing fields get their neutral value. */
export function migrateAlerts(old: unknown): AlertRule[] {
  if (!Array.isArray(old)) return [];
  const out: AlertRule[] = [];
  old.forEach((r, i) => {
    if (!isObject(r) || typeof r.epic !== 'string' || typeof r.target !== 'number') return;
    if (typeof r.kind !== 'string' || !ALERT_KINDS.has(r.kind)) return;
    const createdAt = typeof r.createdAt === 'number' ? r.createdAt : 0;
    const quiet = isObject(r.quiet) && typeof r.quiet.from === 'string' && typeof r.quiet.to === 'string';
    out.push({
      id: text(r.id) ?? `alert-migrated-${createdAt}-${i}`,
      epic: r.epic,
      instrumentName: text(r.instrumentName) ?? r.epic,
      kind: r.kind as AlertRule['kind'],
      target: r.target,
      reference: typeof r.reference === 'number' ? r.reference : null,
      marketId: text(r.marketId),
      armed: typeof r.armed === 'boolean' ? r.armed : true,
      createdAt,
      firedAt: typeof r.firedAt === 'number' ? r.firedAt : null,
      quiet: quiet ? { from: (r.quiet as Loose).from as string, to: (r.quiet as Loose).to as string } : null,
    });
  });
  return out;
}

/** Recent lookups without duplicates, newest first. */
export function migrateRecent(old: unknown): RecentLookup[] {
  if (!Array.isArray(old)) return [];
  const seen = new Set<string>();
  const out: RecentLookup[] = [];
  const items = old
    .filter((r): r is Loose => isObject(r) && typeof r.epic === 'string')
    .map((r) => ({
      epic: r.epic as string,
      instrumentName: text(r.instrumentName) ?? (r.epic as string),
      at: typeof r.at === 'number' ? r.at : 0,
    }))
    .sort((a, b) => b.at - a.at);
  for (const r of items) {
    if (seen.has(r.epic)) continue;
    seen.add(r.epic);
    out.push(r);
  }
  return out;
}

const LIST_CONDITIONS: Record<string, (c: Loose) => ListCondition | null> = {
  'day-change': (c) => (typeof c.pct === 'number' ? { kind: 'day-change', pct: c.pct } : null),
  'window-move': (c) =>
    typeof c.pct === 'number' && typeof c.minutes === 'number'
      ? { kind: 'window-move', pct: c.pct, minutes: c.minutes }
      : null,
  sentiment: (c) =>
    typeof c.pct === 'number' && (c.side === 'long' || c.side === 'short')
      ? { kind: 'sentiment', side: c.side, pct: c.pct }
      : null,
  status: (c) => (c.on === 'open' || c.on === 'close' || c.on === 'both' ? { kind: 'status', on: c.on } : null),
};

/** Every list alert with a list and a condition in range is kept; its state and history are kept when well formed. */
export function migrateListAlerts(old: unknown): ListAlert[] {
  if (!Array.isArray(old)) return [];
  const out: ListAlert[] = [];
  old.forEach((a, i) => {
    if (!isObject(a) || !isObject(a.condition) || typeof a.condition.kind !== 'string') return;
    const watchlistId = text(a.watchlistId);
    const condition = LIST_CONDITIONS[a.condition.kind]?.(a.condition) ?? null;
    if (!watchlistId || !condition || conditionError(condition)) return;
    const createdAt = typeof a.createdAt === 'number' ? a.createdAt : 0;
    const open: Record<string, boolean> = {};
    if (isObject(a.open)) for (const [e, o] of Object.entries(a.open)) if (typeof o === 'boolean') open[e] = o;
    const history = Array.isArray(a.history)
      ? a.history.filter(
          (f): f is ListFiring =>
            isObject(f) &&
            typeof f.epic === 'string' &&
            typeof f.instrumentName === 'string' &&
            typeof f.at === 'number' &&
            typeof f.text === 'string',
        )
      : [];
    out.push({
      id: text(a.id) ?? `list-alert-migrated-${createdAt}-${i}`,
      watchlistId,
      watchlistName: text(a.watchlistName) ?? watchlistId,
      condition,
      createdAt,
      latched: Array.isArray(a.latched) ? a.latched.filter((e): e is string => typeof e === 'string') : [],
      open,
      history: history.slice(0, HISTORY_KEPT),
    });
  });
  return out;
}
