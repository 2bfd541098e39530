import type { SessionInfo } from '../api/stores';

/** The signed-in account's type (CFD, SPREADBET, …) as the login reply named it; null when it did not. */
export function accountTypeOf(info: SessionInfo | null | undefined): string | null {
  return info?.accounts.find((a) => a.accountId === info.accountId)?.accountType ?? null;
}
