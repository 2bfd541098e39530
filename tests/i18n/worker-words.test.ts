// What the worker says to a page (a refused request, a missing record, a file it cannot read, a check
// without words of its own) and the words the request checks and the passphrase estimator give: in the
// browser's language, German here, never English.
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError, MALFORMED_RESPONSE, NetworkError, RateLimitError, TimeoutError } from '../../lib/api';
import { alertHandlers } from '../../lib/background/alerts';
import { importIntoWatchlist } from '../../lib/background/alerts/watchlist-io';
import { marketHandlers } from '../../lib/background/handlers/markets';
import { applySettingsFile } from '../../lib/background/handlers/settings-file';
import type { HandlerContext, Handlers } from '../../lib/background/handlers/table';
import { toErrorView } from '../../lib/background/routing/error-view';
import { SignedOutError } from '../../lib/background/routing/errors';
import { createRouter } from '../../lib/background/routing/router';
import { withFallback } from '../../lib/background/routing/unavailable';
import { ServiceOutage } from '../../lib/background/session/outage';
import { parseEpicList } from '../../lib/csv/import';
import { connection, unlockPin } from '../../lib/messages/requests/credentials';
import { watchlistName } from '../../lib/messages/schemas';
import { settledSend } from '../../lib/messages/settled-send';
import { checkConnectionForm } from '../../lib/options/connection-form';
import { parseCadence } from '../../lib/options/prefs-form';
import { registry } from '../../lib/settings/registry';
import { estimatePassphrase } from '../../lib/vault/estimator';
import { warningWords } from '../../lib/vault/warnings';
import { fakeContext, market } from '../alerts/fake-context';
import { useLocale } from '../setup/i18n-messages';

const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;
const PAGE = { id: ID, url: `${ORIGIN}options.html` };
const msg = (type: string, data: unknown) => ({ id: 1, type, data, timestamp: Date.now() });
const EURUSD = 'CS.D.EURUSD.MINI.IP';
const NO_ANSWER_DE = 'Marketside hat nicht geantwortet';

beforeEach(() => {
  fakeBrowser.reset();
  useLocale('de');
});

describe("the worker's replies in German", () => {
  const route = createRouter({
    extensionId: ID,
    extensionOrigin: ORIGIN,
    handlers: withFallback({ 'connection.save': async () => null as never }),
    secrets: async () => [],
  });
  const ctx = {} as HandlerContext;
  const saving = {
    environment: 'demo',
    baseUrl: null,
    apiKey: 'key',
    identifier: 'trader1',
    password: 'secret',
    remember: false,
    sessionVersion: 2,
  };

  it('refuses a request with words of its check, a check without words by its field, and an unknown one', async () => {
    expect(await route(msg('connection.save', { ...saving, apiKey: ' ' }), PAGE, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'apiKey', message: 'Geben Sie den API-Schlüssel ein' },
    });
    expect(await route(msg('connection.save', { ...saving, remember: 'yes' }), PAGE, ctx)).toMatchObject({
      error: { kind: 'validation', field: 'remember', message: 'Das Feld remember ist ungültig' },
    });
    expect(await route(msg('nothing.here', {}), PAGE, ctx)).toMatchObject({
      error: { kind: 'bad-request', message: 'Marketside hat diese Anfrage nicht verstanden' },
    });
  });

  it('names a signed-out state, an unreachable service and its own failure in German', () => {
    expect(toErrorView(new SignedOutError()).message).toBe(
      'Nicht angemeldet: Geben Sie Ihre Verbindungsdaten in den Einstellungen ein',
    );
    expect(toErrorView(new TypeError('Failed to fetch')).message).toBe('Der Handelsdienst ist nicht erreichbar');
    expect(toErrorView(new RangeError('x')).message).toBe('Im Hintergrund ist etwas schiefgelaufen (RangeError)');
  });

  it("gives the client's own failures (labels and milliseconds in English) in German words", () => {
    expect(toErrorView(new NetworkError('markets.get failed: the service could not be reached')).message).toBe(
      'Der Handelsdienst ist nicht erreichbar',
    );
    expect(toErrorView(new TimeoutError('markets.get timed out after 15000 ms')).message).toBe(
      'Der Handelsdienst hat nicht rechtzeitig geantwortet',
    );
    const budget = new RateLimitError('Rate budget for trading requests is used up; retry in 3 s', {
      errorCode: 'client.rate-budget-exhausted',
      retryAfterMs: 3000,
    });
    expect(toErrorView(budget)).toMatchObject({
      kind: 'rate-limited',
      message: 'Anfragen warten, um innerhalb Ihres IG-API-Kontingents zu bleiben',
      retryAfterMs: 3000,
    });
  });

  it("gives IG's refusals and an unreadable reply in German, IG's code beside them", () => {
    const refused = new ApiError('markets.get failed with 500 error.service.unavailable', {
      errorCode: 'error.service.unavailable',
      status: 500,
      label: 'markets.get',
    });
    expect(toErrorView(refused)).toMatchObject({
      kind: 'service',
      message: 'IG antwortete mit HTTP-Status 500',
      code: 'error.service.unavailable',
    });
    const unreadable = new ApiError('Malformed response to markets.get: not JSON', {
      errorCode: MALFORMED_RESPONSE,
      status: 200,
      label: 'markets.get',
    });
    expect(toErrorView(unreadable).message).toBe(
      'Die Antwort von IG konnte nicht gelesen werden. Es wurde nichts geändert.',
    );
  });

  it('refuses a cadence that is not a whole number, or out of bounds, in German', () => {
    expect(parseCadence('priceRefreshSec', '1,5')).toMatchObject({
      ok: false,
      message: 'Geben Sie eine ganze Zahl ein',
    });
    expect(parseCadence('priceRefreshSec', '900')).toMatchObject({ ok: false, message: 'Zwischen 1 und 300' });
  });

  it('says an alert is gone, a move is too large and a range is backwards', async () => {
    const { ctx } = fakeContext({ markets: [market(EURUSD, 'EUR/USD', 1.08, 1.09)] });
    const h = alertHandlers as Handlers;
    await expect(h['alerts.delete']({ id: 'gone' }, ctx)).rejects.toThrow('Diesen Alarm gibt es nicht mehr');
    await expect(h['alerts.create']({ epic: EURUSD, kind: 'move-pct', target: 150, quiet: null }, ctx)).rejects.toThrow(
      'Eine Bewegung beträgt höchstens 100 %',
    );
    await expect(
      marketHandlers['prices.history']({ epic: EURUSD, resolution: 'HOUR', from: 2, to: 1 } as never, ctx),
    ).rejects.toThrow('Das Ende des Zeitraums muss nach seinem Beginn liegen');
  });

  it('refuses a file that is not a settings file, and text with no epics', async () => {
    await expect(applySettingsFile(registry, 'not json')).rejects.toThrow(
      'Die Datei ist keine Einstellungsdatei (kein JSON)',
    );
    await expect(applySettingsFile(registry, '{"format":"other"}')).rejects.toThrow(
      'Die Datei ist keine Marketside-Einstellungsdatei',
    );
    const { ctx } = fakeContext({ markets: [] });
    await expect(importIntoWatchlist({ target: { id: 'fx' }, ...parseEpicList('\n \n') }, ctx)).rejects.toThrow(
      /^Keine Epics gefunden/,
    );
  });
});

describe('the stream and the refresh say why they wait, in German', () => {
  it('names IG down for its weekend maintenance', async () => {
    const outage = new ServiceOutage(() => Date.UTC(2026, 10, 28, 12));
    const fetch = outage.wrap((async () => new Response('{}', { status: 500 })) as typeof globalThis.fetch);
    const login = 'https://demo-api.ig.com/gateway/deal/session';
    await fetch(login, { method: 'POST' });
    await fetch(`${login}/refresh-token`, { method: 'POST' });
    expect(outage.reason()).toBe(
      'IG ist wegen Wochenendwartung geschlossen; die Kurse kommen wieder, sobald IG öffnet',
    );
  });
});

describe("a page's own words when the worker does not answer", () => {
  it('says so in German', async () => {
    expect(await settledSend(() => Promise.reject('gone'), 0)).toEqual({
      ok: false,
      error: { kind: 'internal', message: NO_ANSWER_DE },
    });
  });
});

describe('request checks and the passphrase estimate in German', () => {
  it("gives the checks' words in the language of the moment they run", () => {
    const first = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0]?.message;
    expect(first(unlockPin, '')).toBe('Geben Sie Ihre PIN ein');
    expect(first(watchlistName, 'x'.repeat(51))).toBe('Ein Watchlist-Name hat höchstens 50 Zeichen');
    expect(first(connection, { environment: 'demo', apiKey: 'k', identifier: 'a b' })).toBe(
      'Die Kennung besteht aus 1–30 Buchstaben, Ziffern, Binde- oder Unterstrichen',
    );
    useLocale('fr');
    expect(first(unlockPin, '')).toBe('Saisissez votre code PIN');
  });

  it("the settings form's own checks", () => {
    const form = {
      environment: 'custom',
      baseUrl: '',
      apiKey: 'k',
      identifier: 'trader1',
      password: 'p',
      remember: true,
      sessionVersion: 2,
      pin: 'long enough passphrase here',
      pinConfirm: 'another passphrase',
    } as unknown as Parameters<typeof checkConnectionForm>[0];
    expect(checkConnectionForm(form)).toMatchObject({
      ok: false,
      issues: {
        baseUrl: 'Geben Sie die Basis-URL des eigenen Gateways ein',
        pinConfirm: 'Die beiden Passphrasen stimmen nicht überein',
      },
    });
  });

  it("puts zxcvbn's warning in German, and shows none it does not know", async () => {
    expect((await estimatePassphrase('password123')).text).toContain('Dies ist ein häufig benutztes Passwort.');
    expect((await estimatePassphrase('qwertyuiopasdfgh')).text).toContain(
      'Dies ähnelt einem häufig benutzten Passwort.',
    );
    expect(warningWords('keyPattern')).toBe('Kurze Tastaturmuster sind leicht zu erraten.');
    expect(warningWords('somethingNew')).toBeNull();
  });
});

describe('page titles', () => {
  it('popup and side panel set their title from the catalogue at start', async () => {
    const { readFileSync } = await import('node:fs');
    for (const [page, key] of [
      ['popup', 'appTitle.popup'],
      ['sidepanel', 'appTitle.sidepanel'],
    ]) {
      const main = readFileSync(`entrypoints/${page}/main.tsx`, 'utf8');
      expect(main).toContain(`document.title = i18n.t('${key}');`);
    }
  });
});
