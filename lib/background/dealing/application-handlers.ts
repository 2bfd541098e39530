// applications.*: the API keys' allowances; changes need the 'applications' permit. Pages see keys
// masked only, and name a key by its masked form.
import { i18n } from '#i18n';
import { ValidationError } from '../../api/errors';
import type { Application } from '../../api/schemas/applications';
import { applicationView, maskApiKey } from '../../dealing/views';
import type { HandlerContext, Handlers } from '../handlers/table';
import { NotFoundError } from '../routing/errors';
import { applicationsAccess } from './access';
import { currentApiKey } from './context';

async function resolve(ctx: HandlerContext, masked: string): Promise<Application> {
  const apps = await (await ctx.getClient()).applications.list();
  const matches = apps.filter((a) => maskApiKey(a.apiKey) === masked);
  if (matches.length === 0) throw new NotFoundError(i18n.t('bgError.noApplication'));
  if (matches.length > 1) throw new ValidationError('apiKey', i18n.t('bgError.applicationsAlike'));
  return matches[0]!;
}

export const applicationHandlers: Pick<Handlers, 'applications.list' | 'applications.update' | 'applications.disable'> =
  {
    async 'applications.list'(_request, ctx) {
      const client = await ctx.getClient();
      const key = await currentApiKey();
      return (await client.applications.list()).map((a) => applicationView(a, key));
    },

    async 'applications.update'(request, ctx) {
      const { admin } = await applicationsAccess(ctx);
      const app = await resolve(ctx, request.apiKey);
      const status = request.status ?? (app.status === 'DISABLED' ? 'DISABLED' : 'ENABLED');
      const updated = await admin.applications.update({
        apiKey: app.apiKey,
        status,
        ...(request.allowanceAccountOverall !== undefined && {
          allowanceAccountOverall: request.allowanceAccountOverall,
        }),
        ...(request.allowanceAccountTrading !== undefined && {
          allowanceAccountTrading: request.allowanceAccountTrading,
        }),
      });
      return applicationView(updated, await currentApiKey());
    },

    async 'applications.disable'(request, ctx) {
      const { admin } = await applicationsAccess(ctx);
      const app = await resolve(ctx, request.apiKey);
      if (app.apiKey !== (await currentApiKey()))
        throw new ValidationError('apiKey', i18n.t('reviewWords.keyNotInUse'));
      await admin.applications.disable();
      await ctx.statusChanged();
      return null;
    },
  };
