import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { PermitBadge, ReconciliationBanner } from '../../components/dealing';
import { AccountsSection } from '../../components/options/AccountsSection';
import { ApplicationsSection } from '../../components/options/ApplicationsSection';
import { ConnectionSection } from '../../components/options/ConnectionSection';
import { PermitSection } from '../../components/options/PermitSection';
import { PreferencesSection } from '../../components/options/PreferencesSection';
import { SettingsFileSection } from '../../components/options/SettingsFileSection';
import { useStatus } from '../../components/options/useStatus';
import { VaultSection } from '../../components/options/VaultSection';
import type { ImportedGateway } from '../../lib/messages/contract';
import type { LiveLink } from '../../lib/sidepanel/live';

export function App({ live }: { live: LiveLink | null }) {
  const { status, refresh } = useStatus(live);
  const changed = () => void refresh();
  const [proposal, setProposal] = useState<ImportedGateway | null>(null);
  return (
    <main class="options">
      <header>
        <h1>{i18n.t('options.title')}</h1>
        <PermitBadge />
        <a class="header-link" href="/privacy.html" target="_blank" rel="noopener">
          {i18n.t('options.privacy')}
        </a>
      </header>
      <nav aria-label={i18n.t('options.sections')}>
        <ul>
          <li>
            <a href="#connection-title">{i18n.t('options.connection')}</a>
          </li>
          <li>
            <a href="#vault-title">{i18n.t('options.vault')}</a>
          </li>
          <li>
            <a href="#accounts-title">{i18n.t('options.accounts')}</a>
          </li>
          <li>
            <a href="#permit-dealing-title">{i18n.t('options.dealingPermit')}</a>
          </li>
          <li>
            <a href="#prefs-title">{i18n.t('options.preferences')}</a>
          </li>
          <li>
            <a href="#file-title">{i18n.t('options.settingsFile')}</a>
          </li>
          <li>
            <a href="#apps-title">{i18n.t('options.applications')}</a>
          </li>
        </ul>
      </nav>
      <ReconciliationBanner />
      <ConnectionSection onChanged={changed} vault={status?.vault ?? null} proposal={proposal} />
      <VaultSection vault={status?.vault ?? null} onChanged={changed} />
      <AccountsSection status={status} onChanged={changed} />
      <PermitSection scope="dealing" status={status} />
      <PreferencesSection />
      <SettingsFileSection onReview={setProposal} />
      <PermitSection scope="applications" status={status} />
      <ApplicationsSection signedIn={status?.state === 'signed-in'} />
    </main>
  );
}
