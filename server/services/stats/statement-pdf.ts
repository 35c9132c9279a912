import PDFDocument from 'pdfkit';
import { dayOf } from '../../../domain/calendar';
import { messages } from '../../../domain/messages';
import type { Descriptor } from '../../../domain/messages-descriptor';
import { formatMoney } from '../../../domain/money';
import type { Statement } from './member-statement';

type Translate = (descriptor: Descriptor, values?: Record<string, unknown>) => string;
type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
const METHOD_LABELS: Record<string, Descriptor> = {
  mobile: messages.stMethodMobile,
  card: messages.stMethodCard,
  bank: messages.stMethodBank,
  cash: messages.stMethodCash,
  cheque: messages.stMethodCheque,
};

export function newStatementDocument(title: string): Doc {
  return new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: 'Sadaka' }, bufferPages: false });
}

/** Columns of the givings table: x offset and width, from the left margin. */
const COLUMNS = { date: [0, 70], reference: [72, 120], method: [194, 80], types: [276, 150], amount: [428, 67] } as const;

function row(doc: Doc, cells: Record<keyof typeof COLUMNS, string>, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const height = Math.max(...(Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).map((k) => doc.heightOfString(cells[k], { width: COLUMNS[k][1] })), 11);
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
  const top = doc.y;
  for (const key of Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>) {
    const [x, width] = COLUMNS[key];
    doc.text(cells[key], MARGIN + x, top, { width, align: key === 'amount' ? 'right' : 'left' });
  }
  doc.x = MARGIN;
  doc.y = top + height + 3;
}

/**
 * Draws one member's statement from the current page on: the institution (logo, name, code), the
 * member, every giving of the year and the totals per offering type, all in the member's language.
 * Callers that merge a congregation call it once per member, each on a fresh page.
 */
export function drawStatement(doc: Doc, statement: Statement, t: Translate, issuedAt: Date) {
  const locale = statement.language;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const top = doc.y;
  if (statement.institution.logo) {
    try {
      doc.image(statement.institution.logo, MARGIN, top, { fit: [56, 56] });
    } catch {
      // An unreadable image is left out rather than failing the statement.
    }
  }
  const textX = statement.institution.logo ? MARGIN + 66 : MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text(statement.institution.title, textX, top);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(statement.institution.code, textX);
  doc.fillColor('#000000');
  doc.y = Math.max(doc.y, top + 60);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(13).text(t(messages.stStatementTitle, { year: statement.year }));
  doc.font('Helvetica').fontSize(10).text(t(messages.stStatementMember, { name: statement.member.name, code: statement.member.code }));
  doc.text(t(messages.stStatementPhone, { phone: statement.member.phone }));
  doc.moveDown(0.8);

  doc.font('Helvetica-Bold').fontSize(11).text(t(messages.stStatementGivings));
  doc.moveDown(0.3);
  if (statement.givings.length === 0) doc.font('Helvetica').fontSize(10).text(t(messages.stStatementNone));
  else {
    row(doc, { date: t(messages.stColDate), reference: t(messages.stColReceipt), method: t(messages.stColMethod), types: t(messages.stColOfferingType), amount: t(messages.stColAmount) }, true);
    for (const giving of statement.givings) {
      const method = METHOD_LABELS[giving.method];
      row(doc, {
        date: giving.day,
        reference: giving.reference,
        method: method ? t(method) : giving.method,
        types: giving.lines.map((line) => (giving.lines.length > 1 ? `${line.title} ${money(line.amount, giving.currency)}` : line.title)).join('\n'),
        amount: money(giving.amount, giving.currency),
      });
    }
  }
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).text(t(messages.stStatementPerType), MARGIN);
  doc.moveDown(0.3);
  for (const total of statement.totals) row(doc, { date: '', reference: total.title, method: '', types: '', amount: money(total.amount, total.currency) });
  const grand = new Map<string, number>();
  for (const total of statement.totals) grand.set(total.currency, (grand.get(total.currency) ?? 0) + total.amount);
  for (const [currency, amount] of grand) row(doc, { date: '', reference: t(messages.stRowTotals), method: '', types: '', amount: money(amount, currency) }, true);
  doc.moveDown(1.2);
  doc.font('Helvetica-Oblique').fontSize(9).text(t(messages.stStatementGenerated, { date: dayOf(issuedAt) }), MARGIN);
}
