// The reports' exports go through the product's one export writer (server/lib/export); these
// names stay for the report routes that import them.
export { type ExportColumn as Column, type ExportFile, type ExportSpec as Table, writeExport as exportTable } from '../../lib/export/export-writer';
