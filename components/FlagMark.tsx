// A market's colour flag, named (the colour is never the only sign): in every list and the popup.
import { i18n } from '#i18n';
import type { FlagColour } from '../lib/watchlists/flag-colours';

/** A colour's name in the user's language. */
export function flagName(flag: FlagColour): string {
  const names: Record<FlagColour, string> = {
    red: i18n.t('marks.red'),
    orange: i18n.t('marks.orange'),
    yellow: i18n.t('marks.yellow'),
    green: i18n.t('marks.green'),
    blue: i18n.t('marks.blue'),
    purple: i18n.t('marks.purple'),
  };
  return names[flag];
}

export function FlagMark({ flag }: { flag: FlagColour }) {
  const name = i18n.t('marks.flagNamed', { colour: flagName(flag) });
  return <span class={`flag flag--${flag}`} role="img" aria-label={name} title={name} />;
}
