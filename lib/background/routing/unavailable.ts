// Until a part's handlers are plugged in, its message names answer "Not available yet".
import { type MessageName, requests } from '../../messages/contract';
import type { Handlers } from '../handlers/table';
import { UnavailableError } from './errors';

export function withFallback(partial: Partial<Handlers>): Handlers {
  const table: Record<string, unknown> = {};
  for (const name of Object.keys(requests) as MessageName[]) {
    table[name] =
      partial[name] ??
      (async () => {
        throw new UnavailableError();
      });
  }
  return table as Handlers;
}

/** Message names with no real handler: the lead checks this is empty at the end. */
export function missingHandlers(partial: Partial<Handlers>): MessageName[] {
  return (Object.keys(requests) as MessageName[]).filter((name) => !partial[name]);
}
