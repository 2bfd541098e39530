// The first run: what Marketside does, then one path to a first live price. The connection form is the
// settings page's own (its check explains each failure and what to do next).

import type { LiveLink } from '../../lib/sidepanel/live';
import { ConnectionSection } from '../options/ConnectionSection';
import { useStatus } from '../options/useStatus';
import { FirstWatchlist } from './FirstWatchlist';
import { OpenPanel } from './OpenPanel';

export function WelcomePage({ live }: { live: LiveLink | null }) {
  const { status, refresh } = useStatus(live);
  const connected = status?.state === 'signed-in';
  return (
    <main class="document welcome">
      <h1>Welcome to Marketside</h1>
      <p>
        Marketside watches markets on your IG trading account, in your browser: look a market up from the toolbar, keep
        watchlists with live prices, price charts and what IG's clients are doing (long or short) in the side panel, and
        get an alert when a price crosses your level. It only reads your account: dealing stays off until you turn it on
        in the settings.
      </p>

      <section aria-labelledby="welcome-key-title">
        <h2 id="welcome-key-title">1. Demo or live, and your API key</h2>
        <p>
          IG gives programs like Marketside access through an <strong>API key</strong>. To make one, log in on the IG
          website and open <strong>My IG → Settings → API keys</strong>, then create a key and copy it.
        </p>
        <ul>
          <li>
            <strong>IG demo</strong> is a practice account with pretend money: the safe place to start.
          </li>
          <li>
            <strong>IG live</strong> is your real account.
          </li>
          <li>
            A demo account needs its own API key: log in to the demo account on the IG website and make the key there. A
            live account's key does not work with demo, nor the other way round.
          </li>
        </ul>
      </section>

      <section aria-labelledby="welcome-connect-title">
        <h2 id="welcome-connect-title">2. Connect</h2>
        <p>
          Choose demo or live, paste the API key, type your IG username and password, press <strong>Save</strong>, then{' '}
          <strong>Check</strong>. If IG says no, Marketside tells you why and what to do next. Your password and key go
          to IG only (see the <a href="/privacy.html">privacy policy</a>).
        </p>
        <ConnectionSection onChanged={() => void refresh()} vault={status?.vault ?? null} />
      </section>

      {connected && (
        <section aria-labelledby="welcome-list-title" data-testid="welcome-after-connect">
          <h2 id="welcome-list-title">3. Your first watchlist</h2>
          <FirstWatchlist />
          <h2 id="welcome-panel-title">4. Open the side panel</h2>
          <OpenPanel />
        </section>
      )}
      <p class="muted">
        Everything here can be changed later in <a href="/options.html">Marketside settings</a>.
      </p>
    </main>
  );
}
