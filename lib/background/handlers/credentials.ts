// The part that changes credentials and the session (connection.ts loads it with the first such message):
// saving the connection (with "remember" ticked the secrets are encrypted under the user's PIN, the
// vault; otherwise they go to storage.session), checking it, forgetting it, switching account, logging
// out, and unlocking or changing the vault.
import { i18n } from '#i18n';
import { ValidationError } from '../../api';
import { HISTORY_ACCOUNT_KEY } from '../../history/keys';
import type { Connection } from '../../settings/registry';
import { defaultConnection } from '../../settings/registry';
import { connectionView } from './connection-view';
import type { HandlerContext, Handlers } from './table';
import { checkConfirmed, keeperFor, vaultHandlers, withVault } from './vault';

type CredentialHandlers = Pick<
  Handlers,
  'connection.save' | 'connection.check' | 'connection.forget' | 'session.switchAccount' | 'session.logout'
>;

async function forget(ctx: HandlerContext): Promise<void> {
  await keeperFor(ctx).forget();
  await ctx.registry.connection.setValue({ ...defaultConnection });
  await ctx.registry.sessionSecrets.setValue({ apiKey: null, password: null });
  await ctx.registry.sessionTokens.setValue(null);
  await ctx.registry.chosenAccounts.setValue({});
  // The pages paint the history cached for the account this names: no longer one signed in.
  await ctx.cache.remove('account-history', [HISTORY_ACCOUNT_KEY]).catch(() => undefined);
  ctx.clients.invalidate();
  ctx.reportError(null);
}

const changes: CredentialHandlers = {
  'connection.save': async (req, ctx) => {
    if (req.environment === 'custom' && !req.baseUrl) {
      throw new ValidationError('baseUrl', i18n.t('workerError.customBaseUrl'));
    }
    if (req.remember) checkConfirmed(req.pin, req.pinConfirm);
    // The vault first: a save that needs a PIN it did not get changes nothing.
    if (req.remember)
      await withVault(ctx, 'pin', () =>
        keeperFor(ctx).remember({ apiKey: req.apiKey, password: req.password }, req.pin),
      );
    else await keeperFor(ctx).forget();
    const before = await ctx.registry.connection.getValue();
    const next: Connection = {
      environment: req.environment,
      baseUrl: req.environment === 'custom' ? (req.baseUrl ?? null) : null,
      apiKey: null,
      identifier: req.identifier,
      password: null,
      remember: req.remember,
      sessionVersion: req.sessionVersion,
    };
    const sameSession =
      before.environment === next.environment &&
      before.baseUrl === next.baseUrl &&
      before.identifier === next.identifier &&
      before.sessionVersion === next.sessionVersion;
    if (!sameSession) await ctx.registry.sessionTokens.setValue(null);
    await ctx.registry.sessionSecrets.setValue(
      req.remember ? { apiKey: null, password: null } : { apiKey: req.apiKey, password: req.password },
    );
    await ctx.registry.connection.setValue(next);
    // The pages paint the history cached for the account this names: no longer one signed in.
    await ctx.cache.remove('account-history', [HISTORY_ACCOUNT_KEY]).catch(() => undefined);
    ctx.clients.invalidate();
    ctx.reportError(null);
    await ctx.statusChanged();
    return connectionView(ctx);
  },

  'connection.check': async (_req, ctx) => {
    const client = await ctx.clients.get();
    try {
      await client.login();
    } catch (err) {
      ctx.reportError(err);
      await ctx.statusChanged();
      throw err;
    }
    ctx.reportError(null);
    // Adopt this key's allowances into the rate budget; a failure here does not fail the check.
    void client.applications.list().catch(() => undefined);
    await ctx.statusChanged();
    const status = await ctx.session.status();
    const account = status.account ?? status.accounts[0];
    if (!account) throw new ValidationError('accountId', i18n.t('workerError.noAccount'));
    return { account, accounts: status.accounts };
  },

  'connection.forget': async (_req, ctx) => {
    const client = ctx.clients.peek();
    if (client) await client.session.delete().catch(() => undefined);
    await forget(ctx);
    await ctx.statusChanged();
    return null;
  },

  'session.switchAccount': async (req, ctx) => {
    const client = await ctx.getClient();
    if (client.accountId() !== req.accountId) {
      await client.session.switchAccount(req.accountId);
      await ctx.clients.rememberChosen(req.accountId);
      await ctx.accountSwitched?.();
    }
    await ctx.statusChanged();
    return ctx.session.status();
  },

  'session.logout': async (req, ctx) => {
    const client = ctx.clients.peek();
    if (client) await client.session.delete().catch(() => undefined);
    else await ctx.registry.sessionTokens.setValue(null);
    if (req.forget) await forget(ctx);
    else {
      // The pages paint the history cached for the account this names: no longer one signed in.
      await ctx.cache.remove('account-history', [HISTORY_ACCOUNT_KEY]).catch(() => undefined);
      ctx.clients.invalidate();
    }
    await ctx.statusChanged();
    return null;
  },
};

export const credentialHandlers: Partial<Handlers> = { ...changes, ...vaultHandlers };
