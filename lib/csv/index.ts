export { BOM, CSV_COLUMNS, watchlistCsv } from './export';
export { exportFilename } from './filename';
export { EPIC, type ParsedEpics, parseEpicList } from './import';
