// Where Marketside lives from now on: the toolbar button (the popup) and the side panel's shortcut.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { openSidePanel } from '../../lib/background/lookup/open';
import { isFirefox } from '../../lib/browser-kind';

const PANEL_COMMAND = isFirefox ? '_execute_sidebar_action' : 'open-side-panel';
const PANEL = isFirefox ? 'sidebar' : 'side panel';

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
        Prices, charts and sentiment of your watchlist are in the {PANEL}. Open it with{' '}
        {shortcut ? (
          <>
            the keyboard shortcut <kbd data-testid="welcome-shortcut">{shortcut}</kbd>
          </>
        ) : (
          <>
            a keyboard shortcut you choose in{' '}
            {isFirefox ? 'about:addons → Manage Extension Shortcuts' : 'chrome://extensions/shortcuts'}
          </>
        )}
        , or with this button:
      </p>
      <button type="button" class="primary" onClick={() => void openSidePanel().then(setOpened)}>
        Open the {PANEL}
      </button>
      {opened === 'tab' && <p role="status">The {PANEL} opened in a tab.</p>}
      <p>
        For a quick lookup, click the <strong>Marketside</strong> button in the toolbar
        {isFirefox ? '' : ' (pin it from the puzzle-piece Extensions menu so it stays visible)'} and type a market's
        name. Settings are in the {PANEL}'s menu and on the extension's Options page.
      </p>
    </div>
  );
}
