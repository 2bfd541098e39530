// Export a watchlist as CSV, and import a CSV file or a pasted list of epics into this watchlist or a new
// one. The background's report is shown in full: added, skipped as duplicates, not found, failed.
import { useId, useState } from 'preact/hooks';
import { BOM, MACHINE_FORMAT_NOTE, watchlistCsv } from '../../lib/csv/export';
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
            ? 'Nothing was added.'
            : 'Nothing was imported: no new watchlist was created.'
          : `Added ${report.added.length} market${report.added.length === 1 ? '' : 's'}.`}
        {report.failed.length > 0 && ` ${report.failed.length} could not be added: see below.`}
      </p>
      <EpicList title="Added" epics={report.added} />
      <EpicList title="Skipped, already listed or repeated" epics={report.duplicates} />
      <EpicList title="Not found" epics={report.unknown} />
      {report.failed.length > 0 && (
        <div>
          <strong>Not added ({report.failed.length})</strong>
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
      setFileNote(`${file.name} is too large to import (at most ${Math.round(MAX_FILE_BYTES / 1000)} KB).`);
      return;
    }
    setText(await file.text());
    setFileNote(`Read ${file.name}.`);
  };

  const runImport = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setReport(null);
    if (text.trim() === '') {
      setError({ kind: 'validation', message: 'Choose a CSV file or paste some epics first.' });
      return;
    }
    if (mode === 'new' && name.trim() === '') {
      setError({ kind: 'validation', message: 'Name the new watchlist.', field: 'target' });
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
            {busy === 'export' ? 'Exporting…' : 'Export as CSV'}
          </button>
          <span class="muted small" data-testid="watchlist-export-format">
            Epic, name, bid, offer, change, change %. {MACHINE_FORMAT_NOTE}
          </span>
        </div>
      )}
      <form onSubmit={runImport} aria-labelledby={`${id}-title`} noValidate>
        <strong id={`${id}-title`}>Import markets</strong>
        <fieldset class="alert-form__row" style="border:0;padding:0;margin:4px 0">
          <legend class="visually-hidden">Import into</legend>
          {watchlistId && (
            <label>
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === 'existing'}
                onChange={() => setMode('existing')}
              />{' '}
              This watchlist
            </label>
          )}
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} /> A new
            watchlist
          </label>
          {mode === 'new' && (
            <label>
              <span class="visually-hidden">New watchlist name</span>
              <input
                type="text"
                value={name}
                maxLength={50}
                placeholder="Name"
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </label>
          )}
        </fieldset>
        <label class="alert-form__row">
          CSV file <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void pickFile(e)} />
        </label>
        {fileNote && <span class="muted small">{fileNote}</span>}
        <label for={`${id}-text`} class="small">
          Or paste epics (one per line, or separated by commas or spaces) or CSV text
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
            {busy === 'import' ? 'Importing…' : 'Import'}
          </button>
          <button type="button" onClick={onDone}>
            {report ? 'Done' : 'Close'}
          </button>
        </div>
      </form>
      {error && <ErrorState error={error} />}
      <div role="status">{report && <ImportReportView report={report} />}</div>
    </div>
  );
}
