import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type ErrorView, send } from '../../lib/messages/contract';
import { CADENCES, type CadenceKey, parseCadence, withCadence } from '../../lib/options/prefs-form';
import { orMiss } from '../../lib/or-miss';
import { defaultPrefs, type Prefs, pinnedEpic, prefs as prefsItem, type Theme } from '../../lib/settings/registry';
import { applyTheme } from '../../lib/settings/theme';
import { ErrorState } from '../ErrorState';

/** Refresh cadences, sparklines, the badge market and the theme; saved as they change. */
export function PreferencesSection() {
  const [prefs, setPrefs] = useState<Prefs>(defaultPrefs);
  const [texts, setTexts] = useState<Record<CadenceKey, string>>({
    priceRefreshSec: '',
    sentimentRefreshMin: '',
    backgroundRefreshMin: '',
  });
  const [issues, setIssues] = useState<Partial<Record<CadenceKey, string>>>({});
  const [badge, setBadge] = useState('');
  const [badgeError, setBadgeError] = useState<ErrorView | null>(null);
  const [badgeNote, setBadgeNote] = useState<string | null>(null);

  useEffect(() => {
    const show = (p: Prefs) => {
      setPrefs(p);
      setTexts({
        priceRefreshSec: String(p.priceRefreshSec),
        sentimentRefreshMin: String(p.sentimentRefreshMin),
        backgroundRefreshMin: String(p.backgroundRefreshMin),
      });
    };
    void orMiss(() => prefsItem.getValue(), null).then((p) => p && show(p));
    void orMiss(() => pinnedEpic.getValue(), null).then((e) => setBadge(e ?? ''));
    const unwatch = prefsItem.watch((p) => p && show(p));
    return unwatch;
  }, []);

  const save = async (next: Prefs) => {
    setPrefs(next);
    await prefsItem.setValue(next);
  };

  const setCadence = (key: CadenceKey, text: string) => {
    setTexts((t) => ({ ...t, [key]: text }));
    const parsed = parseCadence(key, text);
    if (!parsed.ok) {
      setIssues((i) => ({ ...i, [key]: parsed.message }));
      return;
    }
    setIssues((i) => ({ ...i, [key]: undefined }));
    void save(withCadence(prefs, key, parsed.value));
  };

  const setTheme = (theme: Theme) => {
    applyTheme(theme);
    void save({ ...prefs, theme });
  };

  const pin = async (e: Event) => {
    e.preventDefault();
    setBadgeError(null);
    setBadgeNote(null);
    const epic = badge.trim();
    const reply = await send('badge.pin', { epic: epic === '' ? null : epic });
    if (reply.ok) setBadgeNote(epic ? i18n.t('prefs.badgeFollows', { epic }) : i18n.t('prefs.badgeOff'));
    else setBadgeError(reply.error);
  };

  return (
    <section aria-labelledby="prefs-title" class="options-section">
      <h2 id="prefs-title">{i18n.t('options.preferences')}</h2>
      <fieldset>
        <legend>{i18n.t('prefs.refresh')}</legend>
        {(Object.keys(CADENCES) as CadenceKey[]).map((key) => (
          <div class="field" key={key}>
            <label for={`pref-${key}`}>{CADENCES[key].label()}</label>
            <input
              id={`pref-${key}`}
              type="number"
              min={CADENCES[key].min}
              max={CADENCES[key].max}
              step={1}
              value={texts[key]}
              aria-invalid={!!issues[key]}
              aria-describedby={issues[key] ? `pref-${key}-issue` : undefined}
              onInput={(e) => setCadence(key, e.currentTarget.value)}
            />
            {issues[key] && (
              <span class="field-issue" id={`pref-${key}-issue`}>
                {issues[key]}
              </span>
            )}
          </div>
        ))}
      </fieldset>
      <label class="choice">
        <input
          type="checkbox"
          checked={prefs.sparklines}
          onChange={(e) => void save({ ...prefs, sparklines: e.currentTarget.checked })}
        />
        {i18n.t('prefs.sparklines')}
      </label>
      <div class="field">
        <label for="pref-theme">{i18n.t('prefs.theme')}</label>
        <select id="pref-theme" value={prefs.theme} onChange={(e) => setTheme(e.currentTarget.value as Theme)}>
          <option value="system">{i18n.t('prefs.themeSystem')}</option>
          <option value="light">{i18n.t('prefs.themeLight')}</option>
          <option value="dark">{i18n.t('prefs.themeDark')}</option>
        </select>
      </div>
      <form class="field" onSubmit={pin}>
        <label for="pref-badge">{i18n.t('prefs.badgeMarket')}</label>
        <input
          id="pref-badge"
          type="text"
          placeholder="CS.D.EURUSD.CFD.IP"
          value={badge}
          onInput={(e) => setBadge(e.currentTarget.value)}
        />
        <button type="submit">{i18n.t('prefs.setBadge')}</button>
        {badgeNote && (
          <span role="status" class="muted">
            {' '}
            {badgeNote}
          </span>
        )}
      </form>
      {badgeError && <ErrorState error={badgeError} />}
    </section>
  );
}
