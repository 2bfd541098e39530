// Every message of the contract, through the real router and handlers of a background signed in to the
// simulated service: hostile payloads get a validation error naming the field, and nothing reaches the
// service (its request log does not move).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Background, createBackground } from '../../lib/background/create-background';
import { type MessageName, type Reply, requests } from '../../lib/messages/contract';
import {
  configure,
  EXTENSION_ID,
  fakeBrowser,
  newStores,
  ORIGIN,
  PAGE,
  type SimHandle,
  startSim,
} from '../background/sim-setup';
import { VAULT_OPTIONS } from '../helpers/vault-options';
import { allCases, type HostileCase, samples } from './cases';

let sim: SimHandle;
let bg: Background;
let seq = 0;

beforeAll(async () => {
  sim = await startSim({ seed: 9, rateLimits: false });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  fakeBrowser.reset();
  await configure(sim);
  bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    vault: VAULT_OPTIONS,
  });
  // Signed in, so a request that got past the router would reach the service.
  const from = sim.control.requestCount();
  const status = await ask('connection.check', {});
  expect(status.ok).toBe(true);
  // The check adopts the key's allowances with a request it does not wait for: it lands before the cases.
  await expect.poll(() => sim.control.requestLog(from).some((r) => r.path === '/operations/application')).toBe(true);
});

function ask(type: string, data: unknown, sender = PAGE): Promise<Reply<unknown>> {
  const reply = bg.route({ id: seq++, type, data, timestamp: Date.now() }, sender);
  if (!reply) throw new Error(`no reply to ${type}`);
  return reply;
}

const cases = allCases();
const byMessage = new Map<MessageName, HostileCase[]>();
for (const c of cases) byMessage.set(c.message, [...(byMessage.get(c.message) ?? []), c]);

describe('the generated cases', () => {
  it('cover every message of the contract, each with a valid sample the router accepts', async () => {
    expect([...byMessage.keys()].sort()).toEqual(Object.keys(requests).sort());
    expect(cases.filter((c) => c.mustReject).length).toBeGreaterThan(1000);
    // The sample really is valid: it reaches a handler (markets.facts then asks the service).
    const before = sim.control.requestCount();
    const reply = await ask('markets.facts', samples()['markets.facts']);
    expect(reply.ok).toBe(true);
    expect(sim.control.requestCount()).toBeGreaterThan(before);
  });
});

const describeText = (c: HostileCase) => `${c.message} ${c.field || '(request)'} = ${c.label}`;
/** A clear message is short and never echoes megabytes of input back to the page. */
const MAX_MESSAGE = 400;

// connection.save's cases took 3.6 s at load ~10 and passed the 20 s test bound at load 30 (a helper's full
// run); the timed-out loop, still running, then broke the next message's sign-in. The bound is for a hang.
const CASES_BOUND_MS = 90_000;

describe.each([...byMessage.keys()])('%s', (message) => {
  it('refuses hostile payloads with a validation error naming the field, sending nothing', {
    timeout: CASES_BOUND_MS,
  }, async () => {
    const problems: string[] = [];
    for (const c of byMessage.get(message) ?? []) {
      const before = sim.control.requestCount();
      const reply = await ask(message, c.data);
      const sent = sim.control.requestCount() - before;
      const rejected = !reply.ok && reply.error.kind === 'validation';
      if (rejected) {
        const field = reply.error.field ?? '';
        if (c.mustReject && c.field && field !== c.field && !field.startsWith(`${c.field}.`))
          problems.push(`${describeText(c)}: error names field "${field}"`);
        if (reply.error.message.trim().length === 0) problems.push(`${describeText(c)}: no message`);
        if (sent > 0) problems.push(`${describeText(c)}: refused but ${sent} request(s) reached the service`);
      } else if (c.mustReject) {
        problems.push(
          `${describeText(c)}: accepted (${reply.ok ? 'ok' : reply.error.kind}), ${sent} request(s) to the service`,
        );
      } else if (!reply.ok && reply.error.kind === 'internal' && reply.error.message !== 'Not available yet') {
        problems.push(`${describeText(c)}: crashed the handler (${reply.error.message})`);
      }
      // An accepted hostile value may have changed the connection: put it back for the next case.
      if (!rejected) await configure(sim);
    }
    expect(problems).toEqual([]);
  });
});

describe('error messages', () => {
  it('are short and never echo a huge payload back to the page', async () => {
    const problems: string[] = [];
    const huge = cases.filter((c) => JSON.stringify(c.data ?? null).length > 100_000);
    expect(huge.length).toBeGreaterThan(Object.keys(requests).length);
    for (const c of huge) {
      const reply = await ask(c.message, c.data);
      const size = JSON.stringify(reply).length;
      if (size > MAX_MESSAGE + 200) problems.push(`${describeText(c)}: a reply of ${size} characters`);
      if (!reply.ok && reply.error.message.length > MAX_MESSAGE)
        problems.push(`${describeText(c)}: a message of ${reply.error.message.length} characters`);
      if (reply.ok) await configure(sim);
    }
    expect(problems).toEqual([]);
  });
});
