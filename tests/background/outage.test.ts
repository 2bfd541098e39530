// The service failing (IG's weekend maintenance): requests held back for a growing pause, never sent
// meanwhile, the first success ends it; the reason names the weekend only at the weekend.
import { describe, expect, it } from 'vitest';
import {
  downReason,
  isIgWeekend,
  MAX_PAUSE_MS,
  pauseMs,
  RESTING_CODE,
  ServiceOutage,
  weekendReason,
} from '../../lib/background/session/outage';

const LOGIN = 'https://demo-api.ig.com/gateway/deal/session';
const READ = 'https://demo-api.ig.com/gateway/deal/markets?epics=CS.D.EURUSD.MINI.IP';
const POST = { method: 'POST' };
const SATURDAY_NOON = Date.UTC(2026, 10, 21, 12);
const WEDNESDAY_NOON = Date.UTC(2026, 10, 18, 12);

function fakeService(statuses: number[]) {
  const sent: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return new Response('{"errorCode":"system.error"}', { status: statuses.shift() ?? 200 });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

describe('the service failing', () => {
  it('pauses from the second server error in a row, doubling up to the longest pause', () => {
    expect([1, 2, 3, 4].map(pauseMs)).toEqual([0, 15_000, 30_000, 60_000]);
    expect(pauseMs(40)).toBe(MAX_PAUSE_MS);
  });

  it("counts only failed logins: a read's server errors are the transport's to retry", async () => {
    const outage = new ServiceOutage(() => SATURDAY_NOON);
    const fetch = outage.wrap(fakeService([500, 503, 502, 500]).fetch);
    for (let i = 0; i < 3; i++) await fetch(READ);
    expect(outage.failing).toBe(false);
    await fetch(`${LOGIN}/encryptionKey`);
    expect(outage.failing).toBe(false);
  });

  it('holds requests back while paused (nothing sent, a 503 of its own), and a success ends it', async () => {
    let now = SATURDAY_NOON;
    const outage = new ServiceOutage(() => now);
    const service = fakeService([500, 500, 500, 401]);
    let changes = 0;
    outage.onChange(() => changes++);
    const fetch = outage.wrap(service.fetch);
    await fetch(LOGIN, POST);
    expect(outage.failing).toBe(false);
    await fetch(`${LOGIN}/refresh-token`, POST);
    expect(outage.failing).toBe(true);
    expect(outage.reason()).toBe(weekendReason());
    expect(changes).toBe(1);

    const held = await fetch(READ);
    expect(held.status).toBe(503);
    expect(await held.json()).toEqual({ errorCode: RESTING_CODE });
    expect(service.sent).toHaveLength(2);

    now += 15_000;
    await fetch(LOGIN, POST); // the third failed login: 30 s now
    expect(outage.restingUntil()).toBe(now + 30_000);
    now += 30_000;
    await fetch(READ); // 401: neither back nor down
    expect(outage.failing).toBe(true);
    await fetch(READ); // 200
    expect(outage.failing).toBe(false);
    expect(outage.resting()).toBe(false);
    expect(outage.reason()).toBeNull();
    expect(changes).toBe(2);
    expect(service.sent).toHaveLength(5);
  });

  it('says the weekend at the weekend, and plainly that IG is not answering otherwise', async () => {
    let now = WEDNESDAY_NOON;
    const outage = new ServiceOutage(() => now);
    const fetch = outage.wrap(fakeService([500, 500]).fetch);
    await fetch(LOGIN, POST);
    await fetch(LOGIN, POST);
    expect(outage.reason()).toBe(downReason());
    now = SATURDAY_NOON;
    expect(outage.reason()).toBe(weekendReason());
  });

  it("knows IG's weekend: Friday night to Sunday night, UTC", () => {
    expect(isIgWeekend(Date.UTC(2026, 10, 20, 19, 59))).toBe(false);
    expect(isIgWeekend(Date.UTC(2026, 10, 20, 20, 0))).toBe(true);
    expect(isIgWeekend(SATURDAY_NOON)).toBe(true);
    expect(isIgWeekend(Date.UTC(2026, 10, 22, 22, 59))).toBe(true);
    expect(isIgWeekend(Date.UTC(2026, 10, 23, 0, 0))).toBe(false);
  });
});
