// Parts of the background that only some messages need, loaded when the first of them comes (in Chrome's
// worker a separate script, see scripts/background-parts.ts; in Firefox and in tests an ordinary module).
import { loadPart } from '../load-once';
import type { MessageName } from '../messages/contract';
import type { HandlerContext, Handlers } from './handlers/table';
import { UnavailableError } from './routing/errors';

/** Loads a part once; a load that failed is tried again when next asked (lib/load-once.ts). */
export const lazyPart = loadPart;

/** The handlers of `names`, each loading the part's table first and answering with its handler. */
export function lazyHandlers(
  names: readonly MessageName[],
  table: () => Promise<Partial<Handlers>>,
): Partial<Handlers> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      async (request: unknown, ctx: HandlerContext) => {
        const handler = (await table())[name] as ((r: unknown, c: HandlerContext) => Promise<unknown>) | undefined;
        if (!handler) throw new UnavailableError(`No part of the background answers ${name}`);
        return handler(request, ctx);
      },
    ]),
  ) as Partial<Handlers>;
}
