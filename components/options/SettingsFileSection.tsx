import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
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
    setReport(`Exported ${reply.data.filename}. It holds no API key, password or token.`);
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReport(null);
    setGateway(null);
    if (file.size > 500_000) {
      setError({ kind: 'validation', message: 'The file is too large to be a settings file.' });
      return;
    }
    const reply = await send('settings.import', { json: await file.text() });
    if (!reply.ok) return setError(reply.error);
    const { applied, ignored } = reply.data;
    setGateway(reply.data.gateway);
    setReport(
      `Imported: ${applied.length > 0 ? applied.join(', ') : 'nothing new'}.` +
        (ignored.length > 0 ? ` Ignored: ${ignored.join(', ')}.` : ''),
    );
  };

  return (
    <section aria-labelledby="file-title" class="options-section">
      <h2 id="file-title">Settings file</h2>
      <p class="muted">
        Preferences, the environment, the badge market, alerts, list alerts and recent lookups. Never the API key,
        password or tokens. Importing merges without duplicates.
      </p>
      <div class="row">
        <button type="button" onClick={exportFile}>
          Export settings
        </button>
        <label class="file-button">
          Import settings
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
            This file points to {gateway.host}
            {gateway.environment === 'custom' ? ` (${gateway.baseUrl})` : ` (IG ${gateway.environment})`}. Your
            connection was not changed
            {gateway.current ? `: your API key, password and session stay with ${gateway.current}` : ''}.
          </p>
          <p>
            To use {gateway.host}, review it in Connection, allow access to it, and enter the API key and password meant
            for it.
          </p>
          <button type="button" onClick={() => review(gateway)}>
            Review {gateway.host} in Connection
          </button>
        </div>
      )}
      {error && <ErrorState error={error} />}
    </section>
  );
}
