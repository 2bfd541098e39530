// permit.*: granting is the user's explicit act in the settings (the checks are in lib/permit);
// revoking takes effect at once, in storage and in the guard.
import type { Handlers } from '../handlers/table';
import { permitContext } from './context';
import { grant, livePermits, revokePermits } from './permits';

export const permitHandlers: Pick<Handlers, 'permit.get' | 'permit.grant' | 'permit.revoke'> = {
  async 'permit.get'(_request, ctx) {
    const context = await permitContext(ctx, { login: false });
    return (await livePermits(ctx, context)).filter((p) => p.scope !== 'watchlists');
  },

  async 'permit.grant'(request, ctx) {
    const context = await permitContext(ctx, { login: true });
    const permit = await grant(
      ctx,
      {
        scope: request.scope,
        accountId: request.accountId,
        confirmAccountId: request.confirmAccountId ?? null,
        durationMs: request.durationMs,
        acknowledged: request.acknowledged,
      },
      context,
    );
    await ctx.statusChanged();
    return permit;
  },

  async 'permit.revoke'(request, ctx) {
    await revokePermits(ctx, (p) => p.scope !== request.scope);
    await ctx.statusChanged();
    return null;
  },
};
