// Builds clients against the fake gateway with quick retry and confirm timings.

import { type Client, type ClientConfig, createClient, createDealingClient, createGuard } from '../../lib/api';
import { FAKE_ACCOUNT, FAKE_API_KEY, FAKE_IDENTIFIER, FAKE_PASSWORD, type FakeIg } from './api-fake-ig';

export function fakeClient(fake: FakeIg, overrides: Partial<ClientConfig> = {}) {
  return createClient({
    baseUrl: fake.baseUrl,
    apiKey: FAKE_API_KEY,
    identifier: FAKE_IDENTIFIER,
    password: FAKE_PASSWORD,
    sessionVersion: 2,
    // Only a bound for a request that never answers (cases that test timeouts pass their own).
    timeoutMs: 10_000,
    retry: { attempts: 3, baseDelayMs: 5 },
    confirm: { attempts: 3, delayMs: 5 },
    ...overrides,
  });
}

/** A dealing client over `client`, with its own guard and a dealing permit for `accountId` (by default the fake gateway's). */
export function permittedDealing(client: Client, accountId = FAKE_ACCOUNT) {
  const guard = createGuard();
  return createDealingClient(client, guard.issue({ scope: 'dealing', environment: 'custom', accountId }), guard);
}
