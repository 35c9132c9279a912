/**
 * Spreadsheet formula injection (CSV injection): a text a spreadsheet would evaluate — starting
 * with =, +, -, @, tab or carriage return — gets a leading apostrophe, so it shows as the text it
 * is. Payer names come from the public giving and registration forms, so every text cell of every
 * file people open goes through here: the server's exports (server/lib/export/cells.ts) and the
 * browser's member-import files (csv-table.ts). A text that is only a signed number (a phone in
 * E.164, "+255754100200", or "-1500") is left alone: a spreadsheet reads it as a number, not a formula.
 */
export function neutraliseFormulaText(text: string): string {
  if (/^[+-]?\d[\d .,]*$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
