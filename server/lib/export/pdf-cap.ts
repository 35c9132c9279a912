/**
 * Body rows a PDF export holds at most (ADR 060): pdfkit measures every cell to wrap it, so a PDF
 * grows far slower than a CSV, and a table of more than a few thousand lines is neither read on
 * screen nor printed. CSV and Excel carry every row; the PDF says how many it shows of how many,
 * and still ends with the table's total rows (ADR 074). `EXPORT_PDF_MAX_ROWS` sets it (config.ts).
 */
export const PDF_MAX_ROWS = 5_000;
