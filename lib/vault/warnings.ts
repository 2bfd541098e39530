// zxcvbn-ts's warnings in the catalogue's words: the estimator runs with zxcvbn's translation keys
// (its default), and each key is looked up here, so a German user reads German. A key this list does not
// know (a newer zxcvbn) shows no warning rather than an English one; the verdict and advice still show.
import { i18n } from '#i18n';

const WARNINGS: Record<string, () => string> = {
  straightRow: () => i18n.t('passphraseWarning.straightRow'),
  keyPattern: () => i18n.t('passphraseWarning.keyPattern'),
  simpleRepeat: () => i18n.t('passphraseWarning.simpleRepeat'),
  extendedRepeat: () => i18n.t('passphraseWarning.extendedRepeat'),
  sequences: () => i18n.t('passphraseWarning.sequences'),
  recentYears: () => i18n.t('passphraseWarning.recentYears'),
  dates: () => i18n.t('passphraseWarning.dates'),
  topTen: () => i18n.t('passphraseWarning.topTen'),
  topHundred: () => i18n.t('passphraseWarning.topHundred'),
  common: () => i18n.t('passphraseWarning.common'),
  similarToCommon: () => i18n.t('passphraseWarning.similarToCommon'),
  wordByItself: () => i18n.t('passphraseWarning.wordByItself'),
  namesByThemselves: () => i18n.t('passphraseWarning.namesByThemselves'),
  commonNames: () => i18n.t('passphraseWarning.commonNames'),
  userInputs: () => i18n.t('passphraseWarning.userInputs'),
  pwned: () => i18n.t('passphraseWarning.pwned'),
};

/** zxcvbn's warning key ("common", "keyPattern"...) as the user reads it; null when none or unknown. */
export function warningWords(key: string | null | undefined): string | null {
  return key && Object.hasOwn(WARNINGS, key) ? (WARNINGS[key] as () => string)() : null;
}
