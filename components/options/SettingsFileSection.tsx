import { useState } from 'preact/hooks';
import { type ErrorView, send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';
import { saveFile } from '../saveFile';

/** Export and import of the settings as a file; secrets are never in it. */
export function SettingsFileSection() {
  const [error, setError] = useState<ErrorView | null>(null);
  const [report, setReport] = useState<string | null>(null);

  const exportFile = async () => {
    setError(null);
    setReport(null);
    const reply = await send('settings.export', {});
    if (!reply.ok) return setError(reply.error);
    saveFile(reply.data.filename, new Blob([reply.data.json], { type: 'application/json' }));
    setReport(`Exported ${reply.data.filename}. It holds no API key, password or token.`);
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReport(null);
    if (file.size > 500_000) {
      setError({ kind: 'validation', message: 'The file is too large to be a settings file.' });
      return;
    }
    const reply = await send('settings.import', { json: await file.text() });
    if (!reply.ok) return setError(reply.error);
    const { applied, ignored } = reply.data;
    setReport(
      `Imported: ${applied.length > 0 ? applied.join(', ') : 'nothing new'}.` +
        (ignored.length > 0 ? ` Ignored: ${ignored.join(', ')}.` : ''),
    );
  };

  return (
    <section aria-labelledby="file-title" class="options-section">
      <h2 id="file-title">Settings file</h2>
      <p class="muted">
        Preferences, the environment, the badge market, alerts and recent lookups. Never the API key, password or
        tokens. Importing merges without duplicates.
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
      {error && <ErrorState error={error} />}
    </section>
  );
}
