/**
 * The fixed parts of a one-sheet SpreadsheetML (XLSX) workbook and the XML of its rows, as the
 * streamed XLSX writer (xlsx.ts) puts them into the zip. Only what an export needs: a frozen bold
 * header row, column widths, numbers with a format, inline strings (no shared-strings table, which
 * would have to be complete before the sheet and grow with the file), bold total rows, an italic footer line.
 */

/** Characters XML 1.0 cannot carry at all (C0 controls but tab/newline/CR, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
}

/** A, B, …, Z, AA, … for a zero-based column index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Cell style indexes of styles.xml below: 0 plain, 1 bold (header, totals), 2 italic (footer), then
 * one plain and one bold style per number format (body numbers, total numbers).
 */
export const STYLE_BOLD = 1;
export const STYLE_ITALIC = 2;
const FIRST_NUMBER_STYLE = 3;
const FIRST_CUSTOM_NUMFMT = 164;

/** Maps each column's number format (if any) to the cell style that carries it, plain and bold. */
export function numberStyles(numFmts: ReadonlyArray<string | undefined>): { styleOf: Array<number | undefined>; boldStyleOf: Array<number | undefined>; formats: string[] } {
  const formats: string[] = [];
  const at = numFmts.map((format) => {
    if (!format) return undefined;
    const known = formats.indexOf(format);
    return known < 0 ? formats.push(format) - 1 : known;
  });
  return {
    styleOf: at.map((i) => (i === undefined ? undefined : FIRST_NUMBER_STYLE + 2 * i)),
    boldStyleOf: at.map((i) => (i === undefined ? undefined : FIRST_NUMBER_STYLE + 2 * i + 1)),
    formats,
  };
}

export function stylesXml(formats: readonly string[]): string {
  const numFmts = formats.length
    ? `<numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${FIRST_CUSTOM_NUMFMT + i}" formatCode="${xmlText(f)}"/>`).join('')}</numFmts>`
    : '';
  const numberXfs = formats
    .map((_, i) =>
      [0, 1].map((fontId) => `<xf numFmtId="${FIRST_CUSTOM_NUMFMT + i}" fontId="${fontId}" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"${fontId ? ' applyFont="1"' : ''}/>`).join(''),
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    numFmts +
    '<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><i/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${FIRST_NUMBER_STYLE + 2 * formats.length}">` +
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    numberXfs +
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

export const CONTENT_TYPES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

export const ROOT_RELS_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

export const WORKBOOK_RELS_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

export function coreXml(creator: string, created: Date): string {
  const at = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${xmlText(creator)}</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    '</cp:coreProperties>'
  );
}

/** Sheet names may not hold * ? : \ / [ ] and have at most 31 characters. */
export function sheetName(title: string): string {
  return title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31).trim() || 'Sheet';
}

export function workbookXml(name: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/** Everything of sheet1.xml before the first row: the frozen header pane and the column widths. */
export function sheetStartXml(widths: readonly number[]): string {
  const cols = widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

export const SHEET_END_XML = '</sheetData></worksheet>';

/**
 * One row. Text is an inline string (kept as typed, spaces included); a number is a number, in
 * its column's number format when it has one (`numberStyleOf`: plain for the body, bold for totals).
 * `style` is every other cell's style (header, totals, footer).
 */
export function rowXml(
  rowNumber: number,
  cells: ReadonlyArray<string | number>,
  letters: readonly string[],
  numberStyleOf: ReadonlyArray<number | undefined>,
  style?: number,
): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i += 1) {
    const value = cells[i]!;
    const ref = `${letters[i] ?? columnLetters(i)}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value)) {
      const s = numberStyleOf[i] ?? style;
      xml += s === undefined ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" s="${s}"><v>${value}</v></c>`;
    } else {
      const text = String(value);
      if (text === '') continue;
      const s = style === undefined ? '' : ` s="${style}"`;
      xml += `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}
