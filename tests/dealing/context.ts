// A HandlerContext for the dealing handlers: a real client against the fake IG gateway (which records
// every request), the real settings registry over the fake browser's storage, and one market.
import { vi } from 'vitest';
import { createGuard } from '../../lib/api/guard';
import type { HandlerContext } from '../../lib/background/handlers';
import { storageLockStore } from '../../lib/background/storage-stores';
import type { MarketFacts, MarketQuote } from '../../lib/model';
import { registry } from '../../lib/settings/registry';
import { fakeClient } from '../helpers/api-client';
import { FAKE_ACCOUNT, FAKE_API_KEY, FAKE_IDENTIFIER, FAKE_PASSWORD, type FakeIg } from '../helpers/api-fake-ig';

export const EPIC = 'CS.D.EURUSD.CFD.IP';

export const facts: MarketFacts = {
  epic: EPIC,
  marketId: 'EURUSD',
  name: 'EUR/USD',
  instrumentType: 'CURRENCIES',
  expiry: '-',
  currency: 'USD',
  lotSize: 1,
  marginFactor: 3.33,
  marginFactorUnit: 'PERCENTAGE',
  valueOfOnePip: '10',
  onePipMeans: '0.0001 USD/EUR',
  openingHours: null,
  stopsLimitsAllowed: true,
  controlledRiskAllowed: true,
  dealingRules: {
    minDealSize: { unit: 'POINTS', value: 1 },
    minStepDistance: { unit: 'POINTS', value: 1 },
    minNormalStopOrLimitDistance: { unit: 'POINTS', value: 2 },
    minControlledRiskStopDistance: { unit: 'POINTS', value: 10 },
    maxStopOrLimitDistance: { unit: 'PERCENTAGE', value: 90 },
    marketOrderPreference: 'AVAILABLE_DEFAULT_ON',
    trailingStopsPreference: 'AVAILABLE',
  },
};

const quote: MarketQuote = {
  epic: EPIC,
  instrumentName: 'EUR/USD',
  instrumentType: 'CURRENCIES',
  expiry: '-',
  bid: 11000,
  offer: 11001,
  high: null,
  low: null,
  netChange: null,
  percentageChange: null,
  marketStatus: 'TRADEABLE',
  updatedAt: null,
};

export async function configure(fake: FakeIg): Promise<void> {
  await registry.connection.setValue({
    environment: 'custom',
    baseUrl: fake.baseUrl,
    apiKey: null,
    identifier: FAKE_IDENTIFIER,
    password: null,
    remember: false,
    sessionVersion: 2,
  });
  await registry.sessionSecrets.setValue({ apiKey: FAKE_API_KEY, password: FAKE_PASSWORD });
}

export function dealingContext(fake: FakeIg) {
  const lockStore = storageLockStore();
  const client = fakeClient(fake, { lockStore });
  const guard = createGuard();
  const statusChanged = vi.fn(async () => {});
  const fresh = <T>(value: T) => ({ value, fetchedAt: Date.now(), stale: false });
  const ctx = {
    markets: {
      facts: vi.fn(async () => fresh(facts)),
      quotes: vi.fn(async () => [fresh(quote)]),
    },
    getClient: async () => client,
    clients: {},
    guard: () => guard,
    session: {
      status: async () => {
        throw new Error('not used');
      },
      account: async () => {
        const info = client.sessionInfo() ?? (await client.login());
        return { accountId: info.accountId, accountName: 'Main', accountType: 'CFD', preferred: true };
      },
      lockStore,
    },
    cache: {},
    announce: () => {},
    statusChanged,
    reportError: () => {},
    registry,
    now: () => Date.now(),
  } as unknown as HandlerContext;
  return { ctx, client, guard, statusChanged, account: FAKE_ACCOUNT };
}
