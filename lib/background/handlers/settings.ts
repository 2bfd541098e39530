// The settings file (never a secret) and the badge pin.

import { lazyPart } from '../lazy-part';
import type { Handlers } from './table';

const file = lazyPart('settings file', () => import('./settings-file'));

type SettingsHandlers = Pick<Handlers, 'settings.export' | 'settings.import' | 'badge.pin'>;

export const settingsHandlers: SettingsHandlers = {
  'settings.export': async (_req, ctx) => {
    const contents = await (await file()).settingsFile(ctx.registry, ctx.now());
    const date = new Date(ctx.now()).toISOString().slice(0, 10);
    return { filename: `marketside-settings-${date}.json`, json: JSON.stringify(contents, null, 2) };
  },

  'settings.import': async (req, ctx) => {
    const result = await (await file()).applySettingsFile(ctx.registry, req.json);
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
