import { neutraliseFormulaText } from '../../../domain/spreadsheet-formula';

/** A cell's value as the export writer receives it from a column. */
export type CellValue = string | number | null;

/**
 * A cell as it is written: null as empty text, a number as it is, a text through the one formula
 * rule shared with the browser (domain/spreadsheet-formula.ts).
 */
export function neutraliseFormula(value: CellValue): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return neutraliseFormulaText(value);
}
