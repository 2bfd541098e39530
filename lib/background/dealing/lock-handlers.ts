// lock.*: the reconciliation lock as the pages see it, and a reconciliation on request.
import type { Handlers } from '../handlers/table';
import { currentLockView, reconcileNow, scheduleReconcile } from './reconciler';

export const lockHandlers: Pick<Handlers, 'lock.get' | 'lock.reconcile'> = {
  async 'lock.get'(_request, ctx) {
    return currentLockView(ctx);
  },

  async 'lock.reconcile'(_request, ctx) {
    const result = await reconcileNow(ctx);
    if (!result.settled) scheduleReconcile(ctx, 1);
    return result;
  },
};
