import { i18n } from '#i18n';
import type { ListCondition } from '../../lib/alerts/list-rules';
import { isFirefox } from '../../lib/browser-kind';

/** Every string these controls show, in one place for the translation catalogues. */
export const listAlertText = {
  heading: (name: string) => i18n.t('listAlert.heading', { name }),
  get condition() {
    return i18n.t('listAlert.condition');
  },
  get kind() {
    return i18n.t('listAlert.kind');
  },
  get kinds(): Record<ListCondition['kind'], string> {
    return {
      'day-change': i18n.t('listAlert.kindDayChange'),
      'window-move': i18n.t('listAlert.kindWindowMove'),
      sentiment: i18n.t('listAlert.kindSentiment'),
      status: i18n.t('listAlert.kindStatus'),
    };
  },
  get percent() {
    return i18n.t('listAlert.percent');
  },
  get minutes() {
    return i18n.t('listAlert.minutes');
  },
  get side() {
    return i18n.t('listAlert.side');
  },
  get long() {
    return i18n.t('listAlert.long');
  },
  get short() {
    return i18n.t('listAlert.short');
  },
  get on() {
    return i18n.t('listAlert.on');
  },
  get opens() {
    return i18n.t('listAlert.opens');
  },
  get closes() {
    return i18n.t('listAlert.closes');
  },
  get both() {
    return i18n.t('listAlert.both');
  },
  get save() {
    return i18n.t('listAlert.save');
  },
  get update() {
    return i18n.t('listAlert.update');
  },
  get cancel() {
    return i18n.t('listAlert.cancel');
  },
  edit: (text: string) => i18n.t('listAlert.edit', { text }),
  remove: (text: string) => i18n.t('listAlert.remove', { text }),
  get none() {
    return i18n.t('listAlert.none');
  },
  get badPercent() {
    return i18n.t('listAlert.badPercent');
  },
  get badMinutes() {
    return i18n.t('listAlert.badMinutes');
  },
  get checked() {
    return isFirefox ? i18n.t('listAlert.checkedFirefox') : i18n.t('listAlert.checked');
  },
  get sectionLabel() {
    return i18n.t('listAlert.sectionLabel');
  },
  get sectionEmpty() {
    return i18n.t('listAlert.sectionEmpty');
  },
  get list() {
    return i18n.t('listAlert.list');
  },
  get when() {
    return i18n.t('listAlert.when');
  },
  get fired() {
    return i18n.t('listAlert.fired');
  },
  get never() {
    return i18n.t('listAlert.never');
  },
  get editButton() {
    return i18n.t('listAlert.editButton');
  },
  get actions() {
    return i18n.t('listAlert.actions');
  },
  get deleteButton() {
    return i18n.t('common.delete');
  },
};
