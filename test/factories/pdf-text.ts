import { inflateSync } from 'node:zlib';

/**
 * The text a PDF written by pdfkit with its standard fonts shows, page content stream by stream:
 * enough to check a report or statement says what it should without a PDF library. Throws when the
 * bytes are not a complete PDF (no header, no trailer, or a content stream that does not inflate).
 */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  if (!raw.startsWith('%PDF-') || !raw.trimEnd().endsWith('%%EOF')) throw new Error('not a complete PDF');
  const texts: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const dictionary = match[1]!;
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? -1);
    if (length < 0 || /\/Subtype \/Image|\/Length1/.test(dictionary)) continue;
    const start = match.index + match[0].length;
    const body = bytes.subarray(start, start + length);
    const content = (/\/FlateDecode/.test(dictionary) ? inflateSync(body) : body).toString('latin1');
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      texts.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}
