// A scripted background for component tests. A test file routes the pages' `send` here with
//   vi.mock('../../lib/messages/contract', async (importOriginal) => ({
//     ...(await importOriginal<object>()),
//     send: (await import('../helpers/scripted-background')).scriptedSend,
//   }));
// and scripts the replies in `background.handlers`; every call is kept in `background.calls`.
import type { Reply } from '../../lib/messages/contract';

export const background = {
  handlers: {} as Record<string, (req: unknown) => Reply<unknown>>,
  calls: [] as [string, unknown][],
};

/** Answers with the handler scripted for `name`, or an internal error when there is none. */
export async function scriptedSend(name: string, req: unknown) {
  background.calls.push([name, req]);
  const handler = background.handlers[name];
  return handler ? handler(req) : { ok: false, error: { kind: 'internal', message: `no handler for ${name}` } };
}
