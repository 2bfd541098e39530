// Builds clients against the fake gateway with quick retry and confirm timings.

import { type ClientConfig, createClient } from '../../lib/api';
import { FAKE_API_KEY, FAKE_IDENTIFIER, FAKE_PASSWORD, type FakeIg } from './api-fake-ig';

export function fakeClient(fake: FakeIg, overrides: Partial<ClientConfig> = {}) {
  return createClient({
    baseUrl: fake.baseUrl,
    apiKey: FAKE_API_KEY,
    identifier: FAKE_IDENTIFIER,
    password: FAKE_PASSWORD,
    sessionVersion: 2,
    timeoutMs: 2000,
    retry: { attempts: 3, baseDelayMs: 5 },
    confirm: { attempts: 3, delayMs: 5 },
    ...overrides,
  });
}
