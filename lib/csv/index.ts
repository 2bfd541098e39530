export { BOM, CSV_COLUMNS, machineFormatNote, watchlistCsv } from './export';
export { exportFilename } from './filename';
export { EPIC, type ParsedEpics, parseEpicList } from './import';
