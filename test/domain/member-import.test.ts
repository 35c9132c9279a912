import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsvRecord } from '../../domain/csv-table';
import { readMemberTable } from '../../domain/member-import';
import { describeImportIssues } from '../../domain/member-import-report';
import { isE164, toE164 } from '../../domain/phone';

const read = (text: string, firstLine = 2) => readMemberTable(parseCsv(text), toE164, isE164, firstLine);
const english = (descriptor: { message: string }, values: Record<string, unknown> = {}) =>
  descriptor.message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

describe('CSV table', () => {
  it('reads quotes, doubled quotes, line breaks in cells, CRLF, a BOM and a missing final line break', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",z')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('takes the delimiter the header row uses: semicolons (Excel in comma-decimal locales) and tabs', () => {
    expect(parseCsv('a;b;c\n1;2,5;3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2,5', '3'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads back whatever toCsvRecord writes', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', '\n', '\r\n', 'é', '0') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0]!.length;
        const table = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
        // A header of plain names, so the delimiter guess sees commas.
        const header = table[0]!.map((_, i) => `c${i}`);
        const text = [header, ...table].map((row) => toCsvRecord(row)).join('\r\n') + '\r\n';
        expect(parseCsv(text)).toEqual([header, ...table]);
      }),
    );
  });

  it('neutralises cells a spreadsheet would run, for files people open', () => {
    // The server's rule (test/domain/spreadsheet-formula.test.ts): a signed number stays a number.
    expect(toCsvRecord(['=1+1', '+255', '-abc', '@SUM(A1)', 'ok'], true)).toBe("'=1+1,+255,'-abc,'@SUM(A1),ok");
  });
});

describe('members table: the single form’s rules, row by row', () => {
  it('reads English or Swahili headers in any order, local phones by their country, gender and language words', () => {
    const table = read('Simu,Jina la kwanza,jina_la_mwisho,JINSIA,nchi,lugha,Kanda\n0754 111 222,Neema,Lyimo,mwanamke,tz,Kiingereza, Kati \n');
    expect(table.missing).toEqual([]);
    expect(table.refused).toEqual([]);
    expect(table.rows).toEqual([{ line: 2, firstName: 'Neema', lastName: 'Lyimo', phone: '+255754111222', gender: 'female', country: 'TZ', preferredLanguage: 'en', zone: 'Kati' }]);
  });

  it('names the required columns a file lacks and reads no row', () => {
    expect(read('firstName,phone\nA,0754111222\n')).toEqual({ missing: ['lastName', 'gender', 'country'], rows: [], refused: [] });
  });

  it('refuses each bad row with its line and every reason, in the spec’s words; blank rows are skipped', () => {
    const table = read(
      [
        'firstName,lastName,phone,gender,country,email,postalCode,code',
        ',Kweka,0754111333,female,TZ,,,',
        ',,,,,,,',
        'Asha,Said,0754111444,female,,,,',
        'Musa,Ali,12,other,TZ,not-an-email,12a,bad code!',
        'Good,Row,+254712345678,male,KE,good@example.com,00100,KE-0001',
      ].join('\n'),
      10,
    );
    expect(table.rows.map((row) => [row.line, row.phone, row.code])).toEqual([[14, '+254712345678', 'KE-0001']]);
    expect(table.refused.map((line) => [line.line, describeImportIssues(line.issues, english)])).toEqual([
      [10, 'First name can not be empty'],
      [12, 'Please select country'],
      [13, 'Enter a valid phone number; Gender is not valid; Email is not valid; Postal code needs to be digits; Member number is not valid'],
    ]);
  });
});
