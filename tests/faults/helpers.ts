// Shared by the fault suite: the simulated service over real HTTP, clients with quick retries and a
// budget that never gets in the way of the counts, and the one-line summary each case prints.
import { type ClientConfig, createClient, RateBudget } from '../../lib/api';
import type { LogEntry } from '../../sim/request-log';
import type { SimHandle } from '../../sim/server';

export type { SimHandle } from '../../sim/server';
export { startSim } from '../../sim/server';

/** Allowances far above anything a case sends, so only the service's own limits (when on) refuse. */
export const UNLIMITED = {
  tradingPerMinute: 1_000_000,
  nonTradingPerMinute: 1_000_000,
  appPerMinute: 1_000_000,
} as const;

export const RETRY = { attempts: 3, baseDelayMs: 2 };

export function simClient(sim: SimHandle, extra: Partial<ClientConfig> = {}) {
  return createClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    sessionVersion: 2,
    // Only a bound for a request that never answers (cases that test timeouts pass their own): a login encrypts
    // and the simulator decrypts in this one process, which under CI's load took over 2 s once (ci24).
    timeoutMs: 10_000,
    retry: RETRY,
    confirm: { attempts: 3, delayMs: 5 },
    rateBudget: new RateBudget({ allowances: UNLIMITED }),
    ...extra,
  });
}

/** Requests the gateway received since `from` (an index into the log), control calls aside. */
export function gatewaySince(sim: SimHandle, from = 0): LogEntry[] {
  return sim.control.requestLog(from).filter((e) => !e.path.startsWith('/__control'));
}

export function logMark(sim: SimHandle): number {
  return sim.control.requestCount();
}

/** Every fault case prints one line of counts (read in the CI log), e.g. `fault: tokens — 1000 requests, 0 failures`. */
export function summary(name: string, counts: string): void {
  console.log(`fault: ${name} — ${counts}`);
}

/** Deal references that appear on more than one position in the service's state. */
export function duplicateReferences(sim: SimHandle): string[] {
  const seen = new Map<string, number>();
  for (const p of sim.control.state().positions) {
    const ref = (p as { dealReference?: string }).dealReference;
    if (ref) seen.set(ref, (seen.get(ref) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([ref]) => ref);
}

/** A market that trades around the clock and costs little margin, so 100 deals fit in the demo account. */
export const DEAL_EPIC = 'CS.D.XRPUSD.CFD.IP';

/** A market buy of one DEAL_EPIC contract, as the deal ticket sends it (deal.quoteOpen, deal.open). */
export const MARKET_BUY = {
  epic: DEAL_EPIC,
  direction: 'BUY',
  size: 1,
  orderType: 'MARKET',
  level: null,
  currencyCode: 'USD',
  expiry: '-',
  stop: null,
  limit: null,
};

/** A one-hour dealing permit for `accountId`, acknowledged, as the settings page asks for it (permit.grant). */
export function dealingPermit(accountId: string) {
  return { scope: 'dealing', accountId, confirmAccountId: null, durationMs: 3_600_000, acknowledged: true };
}
