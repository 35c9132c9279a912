import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../../server/db/schema/institutions';
import { storeUpload } from '../../server/services/registration/uploads';
import { createMember, type Member } from '../factories/giving';
import { pdfText } from '../factories/pdf-text';
import { signIn } from '../factories/sign-in';
import { PNG_BYTES } from '../factories/uploads';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/** pdfkit writes an embedded picture as an image XObject; a statement draws nothing else as one. */
const IMAGE_XOBJECT = /\/Subtype \/Image/;

// drawStatement puts the institution's logo at the top of a member's statement (and of each member's
// page in the congregation's PDF): a church with a logo gets it in the file, one without gets none.
describe('the institution’s logo on a giving statement', () => {
  let t: TestApp;
  let w: World;
  let withLogo: Member;
  let withoutLogo: Member;
  let dataDir: string;
  const headers = {} as Record<'church' | 'churchB', Record<string, string>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sadaka-logo-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    // The logo is stored as a registration stores it (checked to be a picture, written to the upload
    // folder), then named on the institution as an approved registration names it.
    const logo = await storeUpload(t.ctx, { bytes: PNG_BYTES, fileName: 'mwenge-logo.png', purpose: 'logo', registrationId: null, uploadedBy: null });
    await db.update(institutions).set({ logoUploadId: logo.id }).where(eq(institutions.id, w.churchA.id));
    withLogo = await createMember(db, { institutionId: w.churchA.id, firstName: 'Grace', lastName: 'Mollel', preferredLanguage: 'en' });
    withoutLogo = await createMember(db, { institutionId: w.churchB.id, firstName: 'Baraka', lastName: 'Kimaro', preferredLanguage: 'en' });
    for (const role of ['church', 'churchB'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (role: keyof typeof headers, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: headers[role] });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };

  it('a member’s statement carries the logo of a church that has one', async () => {
    const pdf = await get('church', `/api/members/${withLogo.id}/statement?year=2026`);
    expect(pdf.toString('latin1')).toMatch(IMAGE_XOBJECT);
    expect(pdfText(pdf)).toContain('Grace Mollel');
  });

  it('and no image when the church has no logo', async () => {
    const pdf = await get('churchB', `/api/members/${withoutLogo.id}/statement?year=2026`);
    expect(pdf.toString('latin1')).not.toMatch(IMAGE_XOBJECT);
    expect(pdfText(pdf)).toContain('Baraka Kimaro');
  });

  it('the congregation’s one PDF to print carries it too', async () => {
    expect((await get('church', `/api/institutions/${w.churchA.id}/statements?year=2026&format=pdf`)).toString('latin1')).toMatch(IMAGE_XOBJECT);
    expect((await get('churchB', `/api/institutions/${w.churchB.id}/statements?year=2026&format=pdf`)).toString('latin1')).not.toMatch(IMAGE_XOBJECT);
  });
});
