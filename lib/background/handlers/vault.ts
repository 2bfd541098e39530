// Remembered credentials: unlock with the PIN (then sign in), choose a PIN for secrets remembered
// before the vault existed, change the PIN. Failures are validation errors on the PIN field; neither
// the PIN nor anything derived from it is in a reply.
import { i18n } from '#i18n';
import { ValidationError } from '../../api';
import { PinNeededError, VaultErasedError, VaultKeeper } from '../../vault/keeper';
import { VaultFormatError, WrongPinError } from '../../vault/record';
import { vaultStores, vaultView } from '../session/remembered';
import type { HandlerContext, Handlers } from './table';

const keepers = new WeakMap<HandlerContext, VaultKeeper>();

/** The background's one keeper of the vault, so its changes run one at a time. */
export function keeperFor(ctx: HandlerContext): VaultKeeper {
  let keeper = keepers.get(ctx);
  if (!keeper) {
    keeper = new VaultKeeper(vaultStores, ctx.vaultOptions);
    keepers.set(ctx, keeper);
  }
  return keeper;
}

/** Runs a vault operation; its failures become errors on the form's field, and the pages see the new state. */
export async function withVault<T>(ctx: HandlerContext, field: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (err) {
    if (err instanceof PinNeededError) throw new ValidationError(err.field, err.message);
    if (err instanceof WrongPinError || err instanceof VaultErasedError || err instanceof VaultFormatError) {
      await ctx.statusChanged();
      throw new ValidationError(field, err.message);
    }
    throw err;
  }
}

/** A new PIN must be typed the same twice. */
export function checkConfirmed(pin: string | null, confirm: string | null): void {
  if (pin !== null && pin !== confirm) throw new ValidationError('pinConfirm', i18n.t('vaultError.pinsDiffer'));
}

export const vaultHandlers: Pick<Handlers, 'vault.unlock' | 'vault.setPin'> = {
  'vault.unlock': async (req, ctx) => {
    await withVault(ctx, 'pin', () => keeperFor(ctx).unlock(req.pin));
    ctx.clients.invalidate();
    ctx.reportError(null);
    await ctx.clients.signedIn().catch((err: unknown) => ctx.reportError(err));
    await ctx.statusChanged();
    return vaultView();
  },

  'vault.setPin': async (req, ctx) => {
    checkConfirmed(req.pin, req.pinConfirm);
    const state = await ctx.vault.state();
    if (state === 'none') {
      const [conn, pending] = await Promise.all([
        ctx.registry.connection.getValue(),
        ctx.registry.sessionSecrets.getValue(),
      ]);
      if (!conn.remember || !pending.apiKey || !pending.password)
        throw new ValidationError('pin', i18n.t('workerError.nothingToProtect'));
      await withVault(ctx, 'pin', () =>
        keeperFor(ctx).remember({ apiKey: pending.apiKey as string, password: pending.password as string }, req.pin),
      );
      await ctx.registry.sessionSecrets.setValue({ apiKey: null, password: null });
    } else {
      await withVault(ctx, 'currentPin', () => keeperFor(ctx).changePin(req.currentPin, req.pin));
    }
    await ctx.statusChanged();
    return vaultView();
  },
};
