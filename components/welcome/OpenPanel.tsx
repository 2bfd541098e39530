// Where Marketside lives from now on: the toolbar button (the popup) and the side panel's shortcut.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { openSidePanel } from '../../lib/background/lookup/open';
import { isFirefox } from '../../lib/browser-kind';
import { rich, slot } from '../rich';

const PANEL_COMMAND = isFirefox ? '_execute_sidebar_action' : 'open-side-panel';
export function OpenPanel() {
  const [shortcut, setShortcut] = useState<string | null | undefined>(undefined);
  const [opened, setOpened] = useState<'panel' | 'tab' | null>(null);
  useEffect(() => {
    void browser.commands
      .getAll()
      .then((all) => setShortcut(all.find((c) => c.name === PANEL_COMMAND)?.shortcut || null))
      .catch(() => setShortcut(null));
  }, []);

  return (
    <div class="welcome-panel">
      <p>
        {isFirefox ? i18n.t('welcome.sidebar.intro') : i18n.t('welcome.panel.intro')}{' '}
        {shortcut
          ? rich(i18n.t('welcome.withShortcut', { shortcut: slot('shortcut') }), {
              shortcut: <kbd data-testid="welcome-shortcut">{shortcut}</kbd>,
            })
          : i18n.t('welcome.chooseShortcut', {
              place: isFirefox ? i18n.t('welcome.sidebar.shortcutsPage') : 'chrome://extensions/shortcuts',
            })}
      </p>
      <button type="button" class="primary" onClick={() => void openSidePanel().then(setOpened)}>
        {isFirefox ? i18n.t('welcome.sidebar.open') : i18n.t('welcome.panel.open')}
      </button>
      {opened === 'tab' && (
        <p role="status">{isFirefox ? i18n.t('welcome.sidebar.inTab') : i18n.t('welcome.panel.inTab')}</p>
      )}
      <p>
        {rich(
          isFirefox
            ? i18n.t('welcome.sidebar.tip', { name: slot('name') })
            : i18n.t('welcome.panel.tip', { name: slot('name') }),
          { name: <strong>{i18n.t('extName')}</strong> },
        )}
      </p>
    </div>
  );
}
