import type { Descriptor } from './messages-descriptor';

/** Messages of the one export writer (server/lib/export), whatever the table. */
export const exportMessages = {
  exportPdfCut: /*i18n*/ {
    id: 'export.pdfCut',
    message: 'The PDF stops at {shown} rows. Export as CSV or Excel to get every row.',
  },
} satisfies Record<string, Descriptor>;
