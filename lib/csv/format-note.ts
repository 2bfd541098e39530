// What every exported file says of its numbers and dates (kept apart from the writers: pages show it
// without loading papaparse).

import { i18n } from '#i18n';

/** Translated, but its content is the same in every display language: files are for spreadsheets and scripts. */
export function machineFormatNote(): string {
  return i18n.t('csv.formatNote');
}
