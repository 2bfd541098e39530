// Hostile input that is well typed but wrong: invalid epics, sizes and dates, ids that try to leave their
// path, prototype-pollution keys, and senders that are not Marketside's own pages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MessageName, requests } from '../../lib/messages/contract';
import { EXTENSION_ID, ORIGIN, PAGE, type SimHandle, startSim } from '../background/sim-setup';
import { samples } from './cases';
import { type Driven, signedInBackground } from './setup';

let sim: SimHandle;
let d: Driven;

beforeAll(async () => {
  sim = await startSim({ seed: 11, rateLimits: false });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  d = await signedInBackground(sim);
});

const EURUSD = 'CS.D.EURUSD.MINI.IP';
const T0 = Date.UTC(2026, 0, 7, 12);

async function expectRefused(message: string, data: unknown, field: string) {
  let reply: Awaited<ReturnType<Driven['ask']>> | undefined;
  const sent = await d.sentDuring(async () => {
    reply = await d.ask(message, data);
  });
  expect({ message, data, reply, sent }).toMatchObject({
    reply: { ok: false, error: { kind: 'validation', field: expect.stringMatching(new RegExp(`^${field}`)) } },
    sent: [],
  });
}

describe('invalid epics', () => {
  const bad = [
    '',
    'EUR',
    'CS.D.EUR USD.IP',
    `${EURUSD}\n`,
    'CS.D.EURUSD;DROP TABLE',
    '../positions/otc',
    'CS.D.EURUSD.MINI.IP/../../session',
    'ＣＳ.D.EURUSD.MINI.IP',
    'x'.repeat(31),
    '<img src=x onerror=alert(1)>',
  ];
  const withEpic = (Object.keys(requests) as MessageName[]).filter((m) => {
    const sample = samples()[m];
    return typeof sample === 'object' && sample !== null && 'epic' in sample;
  });

  it('are refused by every message that takes one, before anything is sent', async () => {
    expect(withEpic.length).toBeGreaterThanOrEqual(8);
    for (const message of withEpic) {
      for (const epic of bad) await expectRefused(message, { ...(samples()[message] as object), epic }, 'epic');
    }
  });

  it('in a list are refused by position', async () => {
    await expectRefused('markets.quotes', { epics: [EURUSD, 'nope'] }, 'epics.1');
    await expectRefused('watchlists.create', { name: 'Mine', epics: [EURUSD, '../x'] }, 'epics.1');
  });
});

describe('invalid sizes and levels', () => {
  const ticket = {
    epic: EURUSD,
    direction: 'BUY',
    size: 1,
    orderType: 'MARKET',
    currencyCode: 'USD',
  };
  for (const size of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '1', null, Number.MAX_VALUE * 2]) {
    it(`a deal size of ${String(size)} is refused before the permit is even looked at`, async () => {
      await expectRefused('deal.quoteOpen', { ...ticket, size }, 'size');
      await expectRefused('deal.open', { ticket: { ...ticket, size }, quoteReference: 'Q1' }, 'ticket.size');
      await expectRefused(
        'workingOrders.create',
        { epic: EURUSD, direction: 'SELL', size, type: 'LIMIT', level: 1.1, currencyCode: 'USD', requestId: 'MS-1' },
        'size',
      );
    });
  }

  it('a stop or level that is not a positive number is refused', async () => {
    await expectRefused('deal.quoteOpen', { ...ticket, stop: { mode: 'distance', value: -5 } }, 'stop.value');
    await expectRefused('deal.quoteOpen', { ...ticket, stop: { mode: 'sideways', value: 5 } }, 'stop.mode');
    await expectRefused('positions.amend', { dealId: 'DIAAAA1', stopLevel: 0, limitLevel: null }, 'stopLevel');
    await expectRefused('workingOrders.amend', { dealId: 'DIAAAA1', level: Number.NaN, type: 'LIMIT' }, 'level');
  });
});

describe('invalid dates', () => {
  const history = { epic: EURUSD, resolution: 'HOUR', from: T0 - 3_600_000, to: T0 };
  it('refuses negative, fractional and textual times and ranges that end before they start', async () => {
    await expectRefused('prices.history', { ...history, from: -1 }, 'from');
    await expectRefused('prices.history', { ...history, to: T0 + 0.5 }, 'to');
    await expectRefused('prices.history', { ...history, from: '2026-01-07' }, 'from');
    await expectRefused('prices.history', { ...history, from: new Date(T0).toISOString() }, 'from');
    await expectRefused('prices.history', { ...history, from: T0, to: T0 - 3_600_000 }, 'to');
    await expectRefused('deal.quoteHistory', { from: Number.NaN, to: T0 }, 'from');
    await expectRefused(
      'alerts.create',
      { epic: EURUSD, kind: 'above', target: 1, quiet: { from: '25:00', to: '07:00' } },
      'quiet.from',
    );
    await expectRefused(
      'workingOrders.create',
      {
        epic: EURUSD,
        direction: 'SELL',
        size: 1,
        type: 'LIMIT',
        level: 1.1,
        currencyCode: 'USD',
        timeInForce: 'GOOD_TILL_DATE',
        goodTillDate: -5,
        requestId: 'MS-1',
      },
      'goodTillDate',
    );
  });

  it("a working order without its submit's id, or with one IG would not take as a deal reference, is refused", async () => {
    const order = { epic: EURUSD, direction: 'SELL', size: 1, type: 'LIMIT', level: 1.1, currencyCode: 'USD' };
    await expectRefused('workingOrders.create', order, 'requestId');
    for (const requestId of ['', 'MS 1', 'MS-1/../x', 'M'.repeat(31), 7])
      await expectRefused('workingOrders.create', { ...order, requestId }, 'requestId');
  });
});

/** Requests the client makes for itself on first need (login, the application's allowances). */
const HOUSEKEEPING = new Set(['POST /session', 'GET /session', 'GET /operations/application', 'GET /accounts']);

describe('ids that try to leave their path', () => {
  it('a watchlist id of "." or ".." is refused and never reaches another endpoint', async () => {
    const cases: [string, object][] = [
      ['watchlists.get', { id: '..' }],
      ['watchlists.delete', { id: '..' }],
      ['watchlists.delete', { id: '.' }],
      ['watchlists.addMarket', { id: '..', epic: EURUSD }],
      ['watchlists.removeMarket', { id: '..', epic: 'session' }],
      ['watchlists.export', { id: '..' }],
    ];
    const escaped: string[] = [];
    for (const [message, data] of cases) {
      const sent = await d.sentDuring(() => d.ask(message, data));
      for (const path of sent)
        if (!/^[A-Z]+ \/watchlists(\/|$)/.test(path) && !HOUSEKEEPING.has(path))
          escaped.push(`${message} ${JSON.stringify(data)} → ${path}`);
    }
    expect(escaped).toEqual([]);
    for (const [message, data] of cases) await expectRefused(message, data, 'id');
  });
});

describe('prototype pollution', () => {
  it('no request of any message can reach Object.prototype', async () => {
    for (const message of Object.keys(requests) as MessageName[]) {
      const sample = samples()[message];
      const body = JSON.stringify(typeof sample === 'object' && sample !== null ? sample : {});
      const pollution = '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted2":"yes"}}';
      const hostile = JSON.parse(body === '{}' ? `{${pollution}}` : `{${pollution},${body.slice(1)}`);
      // Dealing messages would be refused for the permit anyway; what matters is what the parse did.
      await d.ask(message, hostile);
    }
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.polluted2).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
  });

  it('a message named after an Object.prototype member is unknown', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const sent = await d.sentDuring(async () => {
        expect(await d.ask(name, {})).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
      });
      expect(sent).toEqual([]);
    }
  });

  it('keys of a nested object are read as data, not as the prototype', async () => {
    const stop = JSON.parse('{"__proto__":{"mode":"level","value":2},"mode":"distance"}');
    await expectRefused(
      'deal.quoteOpen',
      { epic: EURUSD, direction: 'BUY', size: 1, orderType: 'MARKET', currencyCode: 'USD', stop },
      'stop.value',
    );
  });
});

describe('senders other than Marketside pages', () => {
  const foreign = [
    {
      label: 'another extension',
      sender: {
        id: 'abcdefghijklmnopabcdefghijklmnop',
        url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/bg.html',
      },
    },
    { label: 'a web page (no id)', sender: { url: 'https://evil.example/', origin: 'https://evil.example' } },
    {
      label: 'a content script in a https tab',
      sender: { id: EXTENSION_ID, url: 'https://evil.example/x', tab: { id: 4 }, origin: 'https://evil.example' },
    },
    { label: 'no id and no url', sender: {} },
    { label: 'our id with no url', sender: { id: EXTENSION_ID } },
    {
      label: 'our id, a lookalike origin',
      sender: { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}.evil.example/popup.html` },
    },
    { label: 'our url, a foreign origin', sender: { ...PAGE, origin: 'https://evil.example' } },
    { label: 'a file URL', sender: { id: EXTENSION_ID, url: 'file:///tmp/popup.html' } },
  ];

  it('get no answer at all for any message, and nothing is sent or changed', async () => {
    const all = samples();
    for (const { label, sender } of foreign) {
      const sent = await d.sentDuring(async () => {
        for (const message of Object.keys(requests) as MessageName[]) {
          const reply = d.bg.route({ id: 1, type: message, data: all[message], timestamp: Date.now() }, sender);
          expect(reply, `${label}: ${message}`).toBeUndefined();
        }
      });
      expect(sent, label).toEqual([]);
    }
    expect(ORIGIN.startsWith(`chrome-extension://${EXTENSION_ID}/`)).toBe(true);
  });

  it('cannot open the live port', () => {
    for (const { label, sender } of foreign) {
      let posted = 0;
      let disconnected = false;
      const port = {
        name: 'marketside-live',
        sender,
        postMessage: () => {
          posted++;
        },
        disconnect: () => {
          disconnected = true;
        },
        onMessage: { addListener: () => undefined, removeListener: () => undefined },
        onDisconnect: { addListener: () => undefined, removeListener: () => undefined },
      };
      d.bg.hub.accept(port as never);
      expect({ label, posted, disconnected }).toEqual({ label, posted: 0, disconnected: true });
    }
  });
});
