export { BOM, CSV_COLUMNS, exportFilename, watchlistCsv } from './export';
export { EPIC, type ParsedEpics, parseEpicList } from './import';
