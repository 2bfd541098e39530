// The catalogue in the form lib/alerts/list-rules.ts asks for its words.
import { i18n } from '#i18n';
import type { Say } from './list-rules';

type Key = Parameters<typeof i18n.t>[0];

export const sayList: Say = (word, subs = {}, count) =>
  count === undefined
    ? (i18n.t as (key: Key, subs: Record<string, string>) => string)(word as Key, subs)
    : (i18n.t as (key: Key, n: number, subs: Record<string, string>) => string)(word as Key, count, subs);
