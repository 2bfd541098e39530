// The API client the request-counting benchmarks use: allowances no run reaches, so the rate budget
// never holds a request back and the counts are the engine's own.
import { type Client, type ClientConfig, createClient, RateBudget } from '../lib/api';

const generous = { nonTradingPerMinute: 1e6, appPerMinute: 1e6, tradingPerMinute: 1e6 };

export function unthrottledClient(login: Pick<ClientConfig, 'baseUrl' | 'apiKey' | 'identifier' | 'password'>): Client {
  return createClient({
    baseUrl: login.baseUrl,
    apiKey: login.apiKey,
    identifier: login.identifier,
    password: login.password,
    sessionVersion: 2,
    rateBudget: new RateBudget({ allowances: generous }),
  });
}
