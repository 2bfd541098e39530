import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AmbiguousExecutionError, memoryLockStore, OPEN_AND_CONFIRM_LABEL } from '../../lib/api';
import { fakeClient, permittedDealing } from '../helpers/api-client';
import { type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const order = { epic: 'CS.D.EURUSD.CFD.IP', direction: 'SELL' as const, size: 1, currencyCode: 'USD', expiry: '-' };
const confirmRoute = route('GET', /^\/confirms\//);

function dealingClient() {
  const lockStore = memoryLockStore();
  return { dealing: permittedDealing(fakeClient(fake, { lockStore })), lockStore };
}

describe('positions.openAndConfirm (positions.open_and_confirm)', () => {
  it('carries the spec label', () => {
    expect(dealingClient().dealing.positions.openAndConfirm.label).toBe(OPEN_AND_CONFIRM_LABEL);
  });

  it('creates with a client-generated reference, then reads that confirmation: accepted', async () => {
    const { dealing } = dealingClient();
    const outcome = await dealing.positions.openAndConfirm(order);
    const [create, confirm] = fake.calls();
    const ref = (create?.body as { dealReference: string } | undefined)?.dealReference ?? '';
    expect(ref).toMatch(/^[A-Za-z0-9_-]{1,30}$/);
    expect(create?.path).toBe('/positions/otc');
    expect(confirm?.path).toBe(`/confirms/${ref}`);
    expect(outcome).toMatchObject({ status: 'accepted', dealReference: ref, dealId: 'DEAL-1' });
  });

  it('rejected with the reason', async () => {
    const { dealing, lockStore } = dealingClient();
    fake.override(confirmRoute, (r) => ({
      body: {
        dealReference: decodeURIComponent(r.path.split('/')[2] ?? ''),
        dealStatus: 'REJECTED',
        reason: 'MARKET_CLOSED',
      },
    }));
    await expect(dealing.positions.openAndConfirm(order)).resolves.toMatchObject({
      status: 'rejected',
      reason: 'MARKET_CLOSED',
    });
    expect(await lockStore.get()).toBeNull();
  });

  it('retries the confirmation while it is not there yet (404, 405)', async () => {
    const { dealing } = dealingClient();
    fake.override(confirmRoute, { status: 405, body: { errorCode: 'http.405' } });
    fake.override(confirmRoute, { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } });
    await expect(dealing.positions.openAndConfirm({ ...order, dealReference: 'MY_REF' })).resolves.toMatchObject({
      status: 'accepted',
      dealReference: 'MY_REF',
    });
    expect(fake.calls().filter((r) => r.path === '/confirms/MY_REF')).toHaveLength(3);
  });

  it('a confirmation that never appears makes the outcome ambiguous and locks dealing', async () => {
    const { dealing, lockStore } = dealingClient();
    fake.override(confirmRoute, { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } }, 10);
    const error = await dealing.positions.openAndConfirm({ ...order, dealReference: 'LOST_REF' }).catch((e) => e);
    expect(error).toBeInstanceOf(AmbiguousExecutionError);
    expect(error.dealReference).toBe('LOST_REF');
    expect(await lockStore.get()).toMatchObject({ dealReference: 'LOST_REF' });
  });

  it('validation failures send nothing', async () => {
    const { dealing } = dealingClient();
    await expect(dealing.positions.openAndConfirm({ ...order, size: -1 })).rejects.toMatchObject({ field: 'size' });
    expect(fake.requests).toHaveLength(0);
  });
});
