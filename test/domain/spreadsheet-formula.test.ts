import { describe, expect, it } from 'vitest';
import { toCsvRecord } from '../../domain/csv-table';
import { neutraliseFormulaText } from '../../domain/spreadsheet-formula';
import { neutraliseFormula } from '../../server/lib/export/cells';

// One formula rule for every file people open: the server's exports and the browser's member-import
// template and refused-rows report. Each case is checked through all three doors.
const CASES: Array<[input: string, written: string]> = [
  ['=1+1', "'=1+1"],
  ['=HYPERLINK("http://evil.example/","x")', `'=HYPERLINK("http://evil.example/","x")`],
  ['+cmd|calc', "'+cmd|calc"],
  ['-abc', "'-abc"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tTab', "'\tTab"],
  ['\rReturn', "'\rReturn"],
  ['-1500', '-1500'],
  ['+1500.50', '+1500.50'],
  ['+255754100200', '+255754100200'],
  ['+255 754 100 200', '+255 754 100 200'],
  ['1,500.00', '1,500.00'],
  ['0754100200', '0754100200'],
  ['Neema Mushi', 'Neema Mushi'],
  ['a=b', 'a=b'],
  ['', ''],
];

describe('the one spreadsheet formula rule', () => {
  it.each(CASES)('%j is written as %j', (input, written) => {
    expect(neutraliseFormulaText(input)).toBe(written);
    expect(neutraliseFormula(input)).toBe(written);
    // One cell, quoted only where CSV needs it: parse it back to compare the cell itself.
    const record = toCsvRecord([input], true);
    expect(record.startsWith('"') ? record.slice(1, -1).replace(/""/g, '"') : record).toBe(written);
  });

  it('leaves numbers and empty cells to the export writer, and batches the server reads back untouched', () => {
    expect(neutraliseFormula(-1500)).toBe(-1500);
    expect(neutraliseFormula(null)).toBe('');
    expect(toCsvRecord(['=1+1', '-abc'])).toBe('=1+1,-abc');
  });
});
