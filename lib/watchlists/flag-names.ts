// How a colour flag is named to the user (the colour is never the only sign: its name is read out and shown on hover).
import type { FlagColour } from './flag-colours';

export const FLAG_NAMES: Record<FlagColour, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  purple: 'Purple',
};
