import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zones } from '../../server/db/schema/institutions';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

/** Every content stream of the PDF, inflated (pdfkit compresses them), as latin1 text. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (or an image): skip.
    }
  }
  return parts.join('\n');
}
/** pdfkit writes text with the standard fonts as hex strings of the character codes. */
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex');
/** QR images drawn: each PNG is an image with an alpha mask (itself an image), so masks are left out. */
const countImages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length - (pdf.toString('latin1').match(/\/SMask \d+ 0 R/g) ?? []).length;

describe('member cards: a PDF with the name, code, church and a QR code of the code', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const cards = (role: Role, query: string) => t.app.inject({ method: 'GET', url: `/api/members/cards?${query}`, headers: headers[role] });

  it('one member on a CR80 page: a PDF holding the code and one QR image', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, code: 'MWG-0777', firstName: 'Zawadi', lastName: 'Card' });
    const res = await cards('church', `ids=${member.id}&layout=cr80`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text.toLowerCase()).toContain(hexOf('MWG-0777'));
    expect(countImages(pdf)).toBe(1);
    // CR80: 85.6 × 53.98 mm.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 242\.6\d* 153\.0\d*\]/);
  });

  it('a zone on A4 sheets of ten: one card (and QR) per member of the zone, nobody else', async () => {
    const [zone] = await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Cards zone' }).returning();
    const inZone = [];
    for (let i = 0; i < 12; i++) inZone.push(await createMember(t.database.db, { institutionId: w.churchA.id, zoneId: zone!.id, code: `MWG-1${String(i).padStart(3, '0')}` }));
    const outside = await createMember(t.database.db, { institutionId: w.churchA.id, code: 'MWG-1999' });
    const res = await cards('church', `zoneId=${zone!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-card-count']).toBe('12');
    const text = pdfText(res.rawPayload).toLowerCase();
    for (const member of inZone) expect(text).toContain(hexOf(member.code));
    expect(text).not.toContain(hexOf(outside.code));
    expect(countImages(res.rawPayload)).toBe(12);
    expect((res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
  });

  it('prints only members in the caller scope; nothing chosen is a 400, bad queries 400', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    expect((await cards('mosque', `ids=${member.id}`)).statusCode).toBe(404);
    expect((await cards('churchB', `ids=${member.id}`)).statusCode).toBe(404);
    expect((await cards('union', `ids=${member.id}`)).statusCode).toBe(200);
    const nothing = await cards('church', '');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'cards_nothing' });
    expect((await cards('church', 'ids=1,,2')).statusCode).toBe(400);
    expect((await cards('church', `ids=${member.id}&layout=a3`)).statusCode).toBe(400);
    // Ten digits fit the pattern but not an integer column: refused, not a database error.
    expect((await cards('church', `ids=${member.id},6972101483`)).statusCode).toBe(400);
  });
});
