import type { Descriptor } from './messages-descriptor';

/** Messages of the one export writer (server/lib/export), whatever the table. */
export const exportMessages = {
  exportPdfFirstRows: /*i18n*/ {
    id: 'export.pdfFirstRows',
    message: 'This PDF shows the first {shown} of {all} rows. Export as CSV or Excel to get every row.',
  },
  exportPdfFirstRowsTotals: /*i18n*/ {
    id: 'export.pdfFirstRowsTotals',
    message: 'This PDF shows the first {shown} of {all} rows; the totals below count all {all}. Export as CSV or Excel to get every row.',
  },
} satisfies Record<string, Descriptor>;
