// Each part the worker loads when first needed, through the router of a background signed in to the
// simulated service: while the part's file cannot be loaded the message gets the clear error every part
// gives (which part, and to reload the extension), and once it can be the same message is answered.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Background } from '../../lib/background/create-background';
import type { Reply } from '../../lib/messages/contract';
import { configure, EXTENSION_ID, fakeBrowser, newStores, ORIGIN, PAGE, type SimHandle, startSim } from './sim-setup';

let sim: SimHandle;
let seq = 0;

beforeAll(async () => {
  sim = await startSim({ seed: 11, rateLimits: false });
});
afterAll(async () => {
  await sim.close();
});

function ask(bg: Background, type: string, data: unknown): Promise<Reply<unknown>> {
  const reply = bg.route({ id: seq++, type, data, timestamp: Date.now() }, PAGE);
  if (!reply) throw new Error(`no reply to ${type}`);
  return reply;
}

interface Boundary {
  part: string;
  /** The module the part loads (as the test imports it). */
  module: string;
  message: string;
  request: () => unknown;
}

const H = 3_600_000;
const boundaries: Boundary[] = [
  {
    part: 'price history',
    module: '../../lib/background/sources/history-part',
    message: 'prices.history',
    request: () => ({ epic: 'IX.D.FTSE.DAILY.IP', resolution: 'HOUR', from: Date.now() - 6 * H, to: Date.now() }),
  },
  {
    part: 'categories',
    module: '../../lib/background/sources/category-source',
    message: 'categories.list',
    request: () => ({}),
  },
  {
    part: 'account updates',
    module: '../../lib/background/account/account-part',
    message: 'account.funds',
    request: () => ({}),
  },
  {
    part: 'connection settings',
    module: '../../lib/background/handlers/credentials',
    message: 'connection.check',
    request: () => ({}),
  },
  { part: 'login', module: '../../lib/api/session-login', message: 'connection.check', request: () => ({}) },
  {
    part: 'watchlist editing',
    module: '../../lib/background/sources/watchlist-edits',
    message: 'watchlists.create',
    request: () => ({ name: `Lazy ${seq}`, epics: [] }),
  },
];

describe.each(boundaries)('the $part part ($message)', ({ part, module, message, request }) => {
  it('gives the clear error while it cannot be loaded, and answers once it can', async () => {
    vi.resetModules();
    fakeBrowser.reset();
    await configure(sim);
    vi.doMock(module, () => {
      throw new Error("Failed to execute 'importScripts'");
    });
    let failed: Reply<unknown>;
    let bg: Background;
    try {
      const { createBackground } = await import('../../lib/background/create-background');
      bg = createBackground({
        extensionId: EXTENSION_ID,
        extensionOrigin: ORIGIN,
        openStore: newStores(),
        client: { retry: { attempts: 1, baseDelayMs: 10 } },
      });
      failed = await ask(bg, message, await request());
    } finally {
      vi.doUnmock(module);
    }
    // Vitest words the failed import its own way; what the part adds around it is the page's message.
    expect(failed.ok ? null : failed.error.kind).toBe('internal');
    expect(failed.ok ? '' : failed.error.message).toMatch(
      new RegExp(`^Marketside's ${part} could not be loaded \\(.+\\); reload the extension$`, 's'),
    );
    const answered = await ask(bg, message, await request());
    expect(answered.ok, JSON.stringify(answered)).toBe(true);
    bg.stop();
  });
});
