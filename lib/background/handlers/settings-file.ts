// The settings file: preferences, the connection without its secrets, the badge pin, alerts, list alerts and
// recent lookups. Importing merges (alerts, list alerts and lookups without duplicates), so a file round-trips unchanged.
// A file never moves the connection to another gateway: the stored API key, password and tokens were
// entered for the current one. It names the other gateway instead, for the user to review and grant.

import * as v from 'valibot';
import { i18n } from '#i18n';
import type { ListAlert } from '../../alerts/list-rules';
import { ValidationError } from '../../api';
import type { ImportedGateway, SettingsImportView } from '../../messages/contract';
import { baseUrl as baseUrlSchema } from '../../messages/requests/credentials';
import { environment, epic } from '../../messages/schemas';
import type { AlertRule } from '../../model';
import { migrateAlerts, migrateListAlerts, migratePrefs, migrateRecent } from '../../settings/migrations';
import { defaultPrefs, type Prefs, type RecentLookup, type registry } from '../../settings/registry';
import { mergeMarks, migrateMarks, type WatchlistMarks } from '../../watchlists/marks';
import { baseUrlFor } from '../session/base-url';

type Registry = typeof registry;

export const SETTINGS_FORMAT = 'marketside-settings';

export interface SettingsFile {
  format: typeof SETTINGS_FORMAT;
  version: 1;
  exportedAt: number;
  prefs: Prefs;
  connection: { environment: 'demo' | 'live' | 'custom'; baseUrl: string | null; sessionVersion: 2 | 3 };
  pinnedEpic: string | null;
  alerts: AlertRule[];
  listAlerts: ListAlert[];
  recentLookups: RecentLookup[];
  /** Flags, notes, sections and chosen columns: absent from files written before they existed. */
  watchlistMarks?: WatchlistMarks;
}

export async function settingsFile(r: Registry, now: number): Promise<SettingsFile> {
  const conn = await r.connection.getValue();
  return {
    format: SETTINGS_FORMAT,
    version: 1,
    exportedAt: now,
    prefs: await r.prefs.getValue(),
    connection: { environment: conn.environment, baseUrl: conn.baseUrl, sessionVersion: conn.sessionVersion },
    pinnedEpic: await r.pinnedEpic.getValue(),
    alerts: await r.alerts.getValue(),
    listAlerts: await r.listAlerts.getValue(),
    recentLookups: await r.recentLookups.getValue(),
    watchlistMarks: migrateMarks(await r.watchlistMarks.getValue()),
  };
}

const fileSchema = v.looseObject({
  format: v.literal(SETTINGS_FORMAT),
  version: v.number(),
  prefs: v.optional(v.unknown()),
  connection: v.optional(
    v.looseObject({
      environment,
      baseUrl: v.optional(v.nullable(v.string()), null),
      sessionVersion: v.optional(v.picklist([2, 3]), 2),
    }),
  ),
  pinnedEpic: v.optional(v.nullable(epic)),
  alerts: v.optional(v.array(v.unknown())),
  listAlerts: v.optional(v.array(v.unknown())),
  recentLookups: v.optional(v.array(v.unknown())),
  watchlistMarks: v.optional(v.record(v.string(), v.unknown())),
});

const hostOf = (url: string | null) => (url ? new URL(url).host : null);

/** Two alerts are the same when they watch the same thing, whatever their ids. */
const alertKey = (a: AlertRule) => `${a.epic}|${a.kind}|${a.target}`;

const listAlertKey = (a: ListAlert) => `${a.watchlistId}|${JSON.stringify(a.condition)}`;

export async function applySettingsFile(r: Registry, json: string): Promise<SettingsImportView> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ValidationError('json', i18n.t('workerError.notJson'));
  }
  const parsed = v.safeParse(fileSchema, raw);
  if (!parsed.success) throw new ValidationError('json', i18n.t('workerError.notSettingsFile'));
  const file = parsed.output;
  const applied: string[] = [];
  const ignored = Object.keys(file).filter(
    (k) =>
      ![
        'format',
        'version',
        'exportedAt',
        'prefs',
        'connection',
        'pinnedEpic',
        'alerts',
        'listAlerts',
        'recentLookups',
        'watchlistMarks',
      ].includes(k),
  );

  if (file.prefs !== undefined) {
    await r.prefs.setValue(migratePrefs(file.prefs, defaultPrefs));
    applied.push('prefs');
  }
  let gateway: ImportedGateway | null = null;
  if (file.connection) {
    const current = await r.connection.getValue();
    const c = file.connection;
    const url = v.safeParse(baseUrlSchema, c.baseUrl ?? '');
    const target =
      c.environment === 'custom'
        ? url.success
          ? baseUrlFor('custom', url.output)
          : null
        : baseUrlFor(c.environment, null);
    const inUse = baseUrlFor(current.environment, current.baseUrl);
    if (!target) ignored.push('connection');
    else if (target === inUse) {
      await r.connection.setValue({ ...current, sessionVersion: c.sessionVersion });
      applied.push('connection');
    } else
      gateway = { environment: c.environment, baseUrl: target, host: new URL(target).host, current: hostOf(inUse) };
  }
  if (file.pinnedEpic !== undefined) {
    await r.pinnedEpic.setValue(file.pinnedEpic);
    applied.push('pinnedEpic');
  }
  if (file.alerts) {
    const current = await r.alerts.getValue();
    const ids = new Set(current.map((a) => a.id));
    const same = new Set(current.map(alertKey));
    const incoming: AlertRule[] = [];
    for (const a of migrateAlerts(file.alerts)) {
      if (ids.has(a.id) || same.has(alertKey(a))) continue;
      ids.add(a.id);
      same.add(alertKey(a));
      incoming.push(a);
    }
    await r.alerts.setValue([...current, ...incoming]);
    applied.push('alerts');
  }
  if (file.listAlerts) {
    const current = await r.listAlerts.getValue();
    const ids = new Set(current.map((a) => a.id));
    const same = new Set(current.map(listAlertKey));
    const incoming: ListAlert[] = [];
    for (const a of migrateListAlerts(file.listAlerts)) {
      if (ids.has(a.id) || same.has(listAlertKey(a))) continue;
      ids.add(a.id);
      same.add(listAlertKey(a));
      incoming.push(a);
    }
    await r.listAlerts.setValue([...current, ...incoming]);
    applied.push('listAlerts');
  }
  if (file.recentLookups) {
    const merged = migrateRecent([...(await r.recentLookups.getValue()), ...file.recentLookups]);
    await r.recentLookups.setValue(merged.slice(0, 20));
    applied.push('recentLookups');
  }
  if (file.watchlistMarks) {
    const current = migrateMarks(await r.watchlistMarks.getValue());
    await r.watchlistMarks.setValue(mergeMarks(current, migrateMarks(file.watchlistMarks)));
    applied.push('watchlistMarks');
  }
  return { applied, ignored, gateway };
}
