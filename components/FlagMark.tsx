// A market's colour flag, named (the colour is never the only sign): in every list and the popup.

import type { FlagColour } from '../lib/watchlists/flag-colours';
import { FLAG_NAMES } from '../lib/watchlists/flag-names';

export function FlagMark({ flag }: { flag: FlagColour }) {
  const name = `${FLAG_NAMES[flag]} flag`;
  return <span class={`flag flag--${flag}`} role="img" aria-label={name} title={name} />;
}
