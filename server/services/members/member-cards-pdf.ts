import PDFDocument from 'pdfkit';
import { toBuffer } from 'qrcode';

type Doc = InstanceType<typeof PDFDocument>;
export type CardMember = { names: string; code: string; institutionTitle: string };
export type CardLayout = 'cr80' | 'a4';
type Labels = { memberNumber: string; title: string };

/** ISO/IEC 7810 ID-1 (CR80): 85.6 × 53.98 mm, in PDF points (1/72 inch). */
const CARD_W = (85.6 / 25.4) * 72;
const CARD_H = (53.98 / 25.4) * 72;
/** A4 sheets of 10: two columns of five cards, centred, with a cutting gap. */
const A4_COLUMNS = 2;
const A4_ROWS = 5;
const GAP = 10;
const PAD = 10;

/**
 * Draws one card at (x, y): the church or mosque, the member's names and code, and a QR code of the
 * code (what the giving page and the desk scan). The code is set in Courier, which has no kerning
 * pairs, so it is one text run in the file (the tests find it there).
 */
async function drawCard(doc: Doc, member: CardMember, x: number, y: number, labels: Labels) {
  doc.save().lineWidth(0.5).strokeColor('#999999').roundedRect(x, y, CARD_W, CARD_H, 8).stroke().restore();
  const qrSize = CARD_H - 2 * PAD - 14;
  const qr = await toBuffer(member.code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  doc.image(qr, x + CARD_W - PAD - qrSize, y + PAD + 14, { width: qrSize, height: qrSize });
  const textWidth = CARD_W - 3 * PAD - qrSize;
  doc.fillColor('#1a4d2e').font('Helvetica-Bold').fontSize(8).text(member.institutionTitle, x + PAD, y + PAD, { width: CARD_W - 2 * PAD, lineBreak: false, ellipsis: true });
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(11).text(member.names, x + PAD, y + PAD + 22, { width: textWidth, height: 40, ellipsis: true });
  doc.font('Helvetica').fontSize(7).fillColor('#555555').text(labels.memberNumber, x + PAD, y + CARD_H - PAD - 26, { width: textWidth, lineBreak: false });
  doc.font('Courier-Bold').fontSize(11).fillColor('#000000').text(member.code, x + PAD, y + CARD_H - PAD - 16, { width: textWidth, lineBreak: false });
}

/**
 * The cards as a PDF: one card per CR80 page (card printers), or A4 sheets of ten (office
 * printers, cut by hand). Returns the document, ended, for the route to stream.
 */
export async function memberCardsPdf(cards: CardMember[], layout: CardLayout, labels: Labels): Promise<Doc> {
  const doc =
    layout === 'cr80'
      ? new PDFDocument({ size: [CARD_W, CARD_H], margin: 0, autoFirstPage: false, info: { Title: labels.title, Author: 'Sadaka' } })
      : new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: labels.title, Author: 'Sadaka' } });
  const perPage = layout === 'cr80' ? 1 : A4_COLUMNS * A4_ROWS;
  for (let index = 0; index < cards.length; index++) {
    const slot = index % perPage;
    if (slot === 0) doc.addPage();
    if (layout === 'cr80') {
      await drawCard(doc, cards[index]!, 0, 0, labels);
      continue;
    }
    const left = (doc.page.width - (A4_COLUMNS * CARD_W + (A4_COLUMNS - 1) * GAP)) / 2;
    const top = (doc.page.height - (A4_ROWS * CARD_H + (A4_ROWS - 1) * GAP)) / 2;
    await drawCard(doc, cards[index]!, left + (slot % A4_COLUMNS) * (CARD_W + GAP), top + Math.floor(slot / A4_COLUMNS) * (CARD_H + GAP), labels);
  }
  doc.end();
  return doc;
}
