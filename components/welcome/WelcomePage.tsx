// The first run: what Marketside does, then one path to a first live price. The connection form is the
// settings page's own (its check explains each failure and what to do next).

import { i18n } from '#i18n';
import type { LiveLink } from '../../lib/sidepanel/live';
import { ConnectionSection } from '../options/ConnectionSection';
import { useStatus } from '../options/useStatus';
import { rich, slot } from '../rich';
import { FirstWatchlist } from './FirstWatchlist';
import { OpenPanel } from './OpenPanel';

export function WelcomePage({ live }: { live: LiveLink | null }) {
  const { status, refresh } = useStatus(live);
  const connected = status?.state === 'signed-in';
  const strong = (text: string) => <strong>{text}</strong>;
  return (
    <main class="document welcome">
      <h1>{i18n.t('welcome.title')}</h1>
      <p>{i18n.t('welcome.intro')}</p>

      <section aria-labelledby="welcome-key-title">
        <h2 id="welcome-key-title">{i18n.t('welcome.keyTitle')}</h2>
        <p>
          {rich(i18n.t('welcome.keyHow', { apiKey: slot('apiKey'), path: slot('path') }), {
            apiKey: strong(i18n.t('welcome.apiKey')),
            path: strong(i18n.t('welcome.apiKeyPath')),
          })}
        </p>
        <ul>
          <li>
            {rich(i18n.t('welcome.demoIs', { demo: slot('demo') }), {
              demo: strong(i18n.t('connection.demo')),
            })}
          </li>
          <li>
            {rich(i18n.t('welcome.liveIs', { live: slot('live') }), {
              live: strong(i18n.t('connection.live')),
            })}
          </li>
          <li>{i18n.t('welcome.demoKey')}</li>
        </ul>
      </section>

      <section aria-labelledby="welcome-connect-title">
        <h2 id="welcome-connect-title">{i18n.t('welcome.connectTitle')}</h2>
        <p>
          {rich(i18n.t('welcome.connectHow', { save: slot('save'), check: slot('check'), privacy: slot('privacy') }), {
            save: strong(i18n.t('common.save')),
            check: strong(i18n.t('connection.check')),
            privacy: <a href="/privacy.html">{i18n.t('welcome.privacy')}</a>,
          })}
        </p>
        <ConnectionSection onChanged={() => void refresh()} vault={status?.vault ?? null} />
      </section>

      {connected && (
        <section aria-labelledby="welcome-list-title" data-testid="welcome-after-connect">
          <h2 id="welcome-list-title">{i18n.t('welcome.listTitle')}</h2>
          <FirstWatchlist />
          <h2 id="welcome-panel-title">{i18n.t('welcome.panelTitle')}</h2>
          <OpenPanel />
        </section>
      )}
      <p class="muted">
        {rich(i18n.t('welcome.later', { settings: slot('settings') }), {
          settings: <a href="/options.html">{i18n.t('options.title')}</a>,
        })}
      </p>
    </main>
  );
}
