// The settings file (never a secret) and the badge pin.
import type { Handlers } from '../handlers';
import { applySettingsFile, settingsFile } from '../settings-file';

type SettingsHandlers = Pick<Handlers, 'settings.export' | 'settings.import' | 'badge.pin'>;

export const settingsHandlers: SettingsHandlers = {
  'settings.export': async (_req, ctx) => {
    const contents = await settingsFile(ctx.registry, ctx.now());
    const date = new Date(ctx.now()).toISOString().slice(0, 10);
    return { filename: `marketside-settings-${date}.json`, json: JSON.stringify(contents, null, 2) };
  },

  'settings.import': async (req, ctx) => {
    const result = await applySettingsFile(ctx.registry, req.json);
    if (result.applied.includes('pinnedEpic')) await ctx.refreshBadge();
    await ctx.statusChanged();
    return result;
  },

  'badge.pin': async (req, ctx) => {
    await ctx.registry.pinnedEpic.setValue(req.epic);
    await ctx.refreshBadge();
    await ctx.statusChanged();
    return null;
  },
};
