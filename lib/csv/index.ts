export { BOM, CSV_COLUMNS, MACHINE_FORMAT_NOTE, watchlistCsv } from './export';
export { exportFilename } from './filename';
export { EPIC, type ParsedEpics, parseEpicList } from './import';
