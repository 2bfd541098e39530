import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { type ErrorView, type ImportedGateway, send } from '../../lib/messages/contract';
import { hostPermissionFor } from '../../lib/options/connection-form';
import { ErrorState } from '../ErrorState';
import { saveFile } from '../saveFile';

/**
 * Export and import of the settings as a file; secrets are never in it. A file that names another gateway
 * does not change the connection: it is shown here, and "Review" puts it in the connection form (asking
 * the browser for its host) where the user types the API key and password meant for it.
 */
export function SettingsFileSection({ onReview }: { onReview?: (gateway: ImportedGateway) => void }) {
  const [error, setError] = useState<ErrorView | null>(null);
  const [report, setReport] = useState<string | null>(null);
  const [gateway, setGateway] = useState<ImportedGateway | null>(null);

  /** Must run inside the user's click: the browser asks the user about the gateway's host. */
  const review = (g: ImportedGateway) => {
    const wanted = g.environment === 'custom' ? hostPermissionFor(g.baseUrl) : null;
    const asked = wanted
      ? browser.permissions.request({ origins: [wanted] }).catch(() => false)
      : Promise.resolve(true);
    void asked.then(() => {
      setGateway(null);
      onReview?.(g);
    });
  };

  const exportFile = async () => {
    setError(null);
    setReport(null);
    setGateway(null);
    const reply = await send('settings.export', {});
    if (!reply.ok) return setError(reply.error);
    saveFile(reply.data.filename, new Blob([reply.data.json], { type: 'application/json' }));
    setReport(i18n.t('settingsFile.exported', { file: reply.data.filename }));
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReport(null);
    setGateway(null);
    if (file.size > 500_000) {
      setError({ kind: 'validation', message: i18n.t('settingsFile.tooLarge') });
      return;
    }
    const reply = await send('settings.import', { json: await file.text() });
    if (!reply.ok) return setError(reply.error);
    const { applied, ignored } = reply.data;
    setGateway(reply.data.gateway);
    const imported = i18n.t('settingsFile.imported', {
      items: applied.length > 0 ? applied.map(partName).join(', ') : i18n.t('settingsFile.nothingNew'),
    });
    setReport(
      ignored.length > 0
        ? `${imported} ${i18n.t('settingsFile.ignored', { items: ignored.map(partName).join(', ') })}`
        : imported,
    );
  };

  return (
    <section aria-labelledby="file-title" class="options-section">
      <h2 id="file-title">{i18n.t('options.settingsFile')}</h2>
      <p class="muted">{i18n.t('settingsFile.about')}</p>
      <div class="row">
        <button type="button" onClick={exportFile}>
          {i18n.t('settingsFile.export')}
        </button>
        <label class="file-button">
          {i18n.t('settingsFile.import')}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const input = e.currentTarget;
              void importFile(input.files?.[0]).finally(() => {
                input.value = '';
              });
            }}
          />
        </label>
      </div>
      {report && (
        <p role="status" data-testid="options-file-report">
          {report}
        </p>
      )}
      {gateway && (
        <div role="alert" class="banner" data-testid="options-file-gateway">
          <p>
            {gateway.environment === 'custom'
              ? i18n.t('settingsFile.pointsToCustom', { host: gateway.host, url: gateway.baseUrl })
              : i18n.t('settingsFile.pointsToIg', { host: gateway.host, environment: gateway.environment })}{' '}
            {gateway.current
              ? i18n.t('settingsFile.notChangedKept', { current: gateway.current })
              : i18n.t('settingsFile.notChanged')}
          </p>
          <p>{i18n.t('settingsFile.toUse', { host: gateway.host })}</p>
          <button type="button" onClick={() => review(gateway)}>
            {i18n.t('settingsFile.review', { host: gateway.host })}
          </button>
        </div>
      )}
      {error && <ErrorState error={error} />}
    </section>
  );
}

/** A part of the settings the background reports as imported or ignored, in the user's words. */
function partName(part: string): string {
  switch (part) {
    case 'prefs':
      return i18n.t('settingsFile.partPrefs');
    case 'connection':
      return i18n.t('settingsFile.partConnection');
    case 'pinnedEpic':
      return i18n.t('settingsFile.partPinnedEpic');
    case 'alerts':
      return i18n.t('settingsFile.partAlerts');
    case 'listAlerts':
      return i18n.t('settingsFile.partListAlerts');
    case 'recentLookups':
      return i18n.t('settingsFile.partRecentLookups');
    case 'watchlistMarks':
      return i18n.t('settingsFile.partWatchlistMarks');
    default:
      return part;
  }
}
