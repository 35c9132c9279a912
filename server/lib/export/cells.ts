/** A cell's value as the export writer receives it from a column. */
export type CellValue = string | number | null;

/**
 * Spreadsheet formula injection (CSV injection): a text a spreadsheet would evaluate — starting
 * with =, +, -, @, tab or carriage return — is written with a leading apostrophe, so it shows as
 * the text it is. Payer names come from the public giving and registration forms, so every text
 * cell of every export goes through here. Numbers stay numbers, and so does a text that is only a
 * signed number (a phone in E.164, "+255754100200"): a spreadsheet reads it as a number, not a formula.
 */
export function neutraliseFormula(value: CellValue): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  if (/^[+-]?\d[\d .,]*$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
