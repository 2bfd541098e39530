// Export a watchlist as CSV, and import a CSV file or a pasted list of epics into this watchlist or a new
// one. The background's report is shown in full: added, skipped as duplicates, not found, failed.
import { useId, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { BOM, machineFormatNote, watchlistCsv } from '../../lib/csv/export';
import { parseEpicList } from '../../lib/csv/import';
import { type ErrorView, type ImportReport, send } from '../../lib/messages/contract';
import { settle } from '../alerts/settle';
import { ErrorState } from '../ErrorState';
import { saveFile } from '../saveFile';
import '../alerts/alerts.css';

interface Props {
  watchlistId: string | null;
  onDone(): void;
}

/** Files above this are refused before reading (the message contract takes at most 200,000 characters). */
const MAX_FILE_BYTES = 400_000;

function EpicList({ title, epics }: { title: string; epics: string[] }) {
  if (epics.length === 0) return null;
  return (
    <div>
      <strong>
        {title} ({epics.length})
      </strong>
      <ul>
        {epics.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const nothing = report.added.length === 0;
  return (
    <div class="import-report" data-testid="import-report">
      <p>
        {nothing
          ? report.watchlistId
            ? i18n.t('importExport.nothingAdded')
            : i18n.t('importExport.nothingImported')
          : i18n.t('importExport.addedCount', report.added.length, { n: String(report.added.length) })}
        {report.failed.length > 0 &&
          ` ${i18n.t('importExport.failedCount', report.failed.length, { n: String(report.failed.length) })}`}
      </p>
      <EpicList title={i18n.t('search.added')} epics={report.added} />
      <EpicList title={i18n.t('importExport.skipped')} epics={report.duplicates} />
      <EpicList title={i18n.t('importExport.notFound')} epics={report.unknown} />
      {report.failed.length > 0 && (
        <div>
          <strong>{i18n.t('importExport.notAdded', { n: String(report.failed.length) })}</strong>
          <ul>
            {report.failed.map((f) => (
              <li key={f.epic}>
                {f.epic}: {f.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export function ImportExport({ watchlistId, onDone }: Props) {
  const id = useId();
  const [mode, setMode] = useState<'existing' | 'new'>(watchlistId ? 'existing' : 'new');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);

  const exportCsv = async () => {
    if (!watchlistId) return;
    setBusy('export');
    setError(null);
    const reply = await settle(send('watchlists.export', { id: watchlistId }));
    setBusy(null);
    if (reply.ok)
      saveFile(
        reply.data.filename,
        new Blob([BOM + watchlistCsv(reply.data.rows)], { type: 'text/csv;charset=utf-8' }),
      );
    else setError(reply.error);
  };

  const pickFile = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileNote(i18n.t('importExport.tooLarge', { file: file.name, max: String(Math.round(MAX_FILE_BYTES / 1000)) }));
      return;
    }
    setText(await file.text());
    setFileNote(i18n.t('importExport.read', { file: file.name }));
  };

  const runImport = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setReport(null);
    if (text.trim() === '') {
      setError({ kind: 'validation', message: i18n.t('importExport.nothingToImport') });
      return;
    }
    if (mode === 'new' && name.trim() === '') {
      setError({ kind: 'validation', message: i18n.t('importExport.nameIt'), field: 'target' });
      return;
    }
    setBusy('import');
    const target = mode === 'existing' && watchlistId ? { id: watchlistId } : { name: name.trim() };
    const reply = await settle(send('watchlists.import', { target, ...parseEpicList(text) }));
    setBusy(null);
    if (reply.ok) setReport(reply.data);
    else setError(reply.error);
  };

  return (
    <div class="import-export">
      {watchlistId && (
        <div class="alert-form__row">
          <button type="button" onClick={() => void exportCsv()} disabled={busy !== null}>
            {busy === 'export' ? i18n.t('importExport.exporting') : i18n.t('importExport.export')}
          </button>
          <span class="muted small" data-testid="watchlist-export-format">
            {i18n.t('importExport.columns')} {machineFormatNote()}
          </span>
        </div>
      )}
      <form onSubmit={runImport} aria-labelledby={`${id}-title`} noValidate>
        <strong id={`${id}-title`}>{i18n.t('importExport.title')}</strong>
        <fieldset class="alert-form__row" style="border:0;padding:0;margin:4px 0">
          <legend class="visually-hidden">{i18n.t('importExport.into')}</legend>
          {watchlistId && (
            <label>
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === 'existing'}
                onChange={() => setMode('existing')}
              />{' '}
              {i18n.t('importExport.thisList')}
            </label>
          )}
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} />{' '}
            {i18n.t('importExport.newList')}
          </label>
          {mode === 'new' && (
            <label>
              <span class="visually-hidden">{i18n.t('watchlist.newName')}</span>
              <input
                type="text"
                value={name}
                maxLength={50}
                placeholder={i18n.t('watchlist.namePlaceholder')}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </label>
          )}
        </fieldset>
        <label class="alert-form__row">
          {i18n.t('importExport.file')}{' '}
          <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void pickFile(e)} />
        </label>
        {fileNote && <span class="muted small">{fileNote}</span>}
        <label for={`${id}-text`} class="small">
          {i18n.t('importExport.paste')}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          spellcheck={false}
          placeholder={'CS.D.EURUSD.MINI.IP\nIX.D.FTSE.DAILY.IP'}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <div class="alert-form__row">
          <button type="submit" class="primary" disabled={busy !== null}>
            {busy === 'import' ? i18n.t('importExport.importing') : i18n.t('importExport.import')}
          </button>
          <button type="button" onClick={onDone}>
            {report ? i18n.t('importExport.done') : i18n.t('importExport.close')}
          </button>
        </div>
      </form>
      {error && <ErrorState error={error} />}
      <div role="status">{report && <ImportReportView report={report} />}</div>
    </div>
  );
}
