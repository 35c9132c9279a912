import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberImportResult } from '../../domain/api/members';
import { activityLog } from '../../server/db/schema/auth';
import { zones } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { multipartFile } from '../factories/uploads';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

const HEADER = 'firstName,lastName,phone,gender,country,email,language,zone,code';
const csv = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n');

describe('members import (POST /api/members/import)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-06-15T09:00:00Z') });
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = { ...(await signIn(t.app, w.users[role])).headers, lang: 'en' };
    await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Kanda ya Kati' });
  });
  afterAll(() => t.close());

  const upload = async (role: Role, bytes: Buffer, query = '', name = 'members.csv') => {
    const body = multipartFile(name, bytes, 'text/csv');
    const res = await t.app.inject({ method: 'POST', url: `/api/members/import${query}`, headers: { ...headers[role], ...body.headers }, payload: body.payload });
    return { status: res.statusCode, body: res.json() as MemberImportResult & { code?: string; message?: string } };
  };
  const liveMembers = (institutionId: number) =>
    t.database.db.select().from(members).where(and(eq(members.institutionId, institutionId), isNull(members.deletedAt))).orderBy(members.id);

  it('stores valid rows with the institution’s next codes, in E.164, with zone and language; refuses bad rows with line and reason', async () => {
    await createMember(t.database.db, { institutionId: w.churchA.id, code: `${w.churchA.code}-0007`, phone: '+255754999000', firstName: 'Old', lastName: 'Member' });
    const before = (await liveMembers(w.churchA.id)).length;
    const file = csv(
      'Neema,Lyimo,0754 111 222,female,TZ,neema@example.co.tz,sw,kanda ya kati,',
      'Juma,Mrisho,+255713987654,M,tz,,English,,',
      ',Kweka,0754111333,female,TZ,,,,',
      'Asha,Said,0754111444,female,,,,,',
      'Musa,Ali,12,male,TZ,,,,',
      'Rehema,Ally,0754111555,female,TZ,,,Nowhere,',
      'Baraka,Mushi,0754999000,male,TZ,,,,',
      'Pili,Juma,0754111222,female,TZ,,,,',
      ',,,,,,,,',
    );
    const res = await upload('church', file);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.duplicates).toBe(0);
    expect(res.body.refused).toEqual([
      { line: 4, message: 'First name can not be empty' },
      { line: 5, message: 'Please select country' },
      { line: 6, message: 'Enter a valid phone number' },
      { line: 7, message: 'Zone Nowhere does not exist in this church or mosque' },
      { line: 8, message: `The phone number +255754999000 already belongs to member ${w.churchA.code}-0007` },
      { line: 9, message: `The phone number +255754111222 already belongs to member ${w.churchA.code}-0008` },
    ]);
    const after = await liveMembers(w.churchA.id);
    expect(after.length).toBe(before + 2);
    const neema = after.find((member) => member.firstName === 'Neema')!;
    const [zone] = await t.database.db.select().from(zones).where(eq(zones.institutionId, w.churchA.id));
    expect(neema).toMatchObject({ phone: '+255754111222', gender: 'female', country: 'TZ', email: 'neema@example.co.tz', preferredLanguage: 'sw', zoneId: zone!.id, code: `${w.churchA.code}-0008`, createdBy: w.users.church.id });
    expect(after.find((member) => member.firstName === 'Juma')).toMatchObject({ phone: '+255713987654', gender: 'male', preferredLanguage: 'en', country: 'TZ', code: `${w.churchA.code}-0009` });
    const logged = await t.database.db.select().from(activityLog).where(eq(activityLog.action, 'member.imported'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ entityType: 'institution', entityId: String(w.churchA.id), userId: w.users.church.id });
  });

  it('the same file again creates nobody; a file cut in the middle and then sent whole creates only the rest', async () => {
    const lines = Array.from({ length: 6 }, (_, i) => `Mwanachama${i},Wa Faili,07551000${10 + i},${i % 2 ? 'male' : 'female'},TZ,,,,`);
    const whole = csv(...lines);
    const before = (await liveMembers(w.churchA.id)).length;

    // The browser's batches: the first three rows under the whole file's key, from line 2.
    const key = createHash('sha256').update(whole).digest('hex');
    const firstHalf = await upload('church', csv(...lines.slice(0, 3)), `?importKey=${key}&firstLine=2`);
    expect(firstHalf.body).toEqual({ created: 3, duplicates: 0, refused: [] });
    // "Resumed": the whole file as a plain upload shares the keys of the rows already stored.
    const resumed = await upload('church', whole);
    expect(resumed.body).toEqual({ created: 3, duplicates: 3, refused: [] });
    const again = await upload('church', whole);
    expect(again.body).toEqual({ created: 0, duplicates: 6, refused: [] });
    expect((await liveMembers(w.churchA.id)).length).toBe(before + 6);
  });

  it('a member number in the file is the key: the same member in another file is a duplicate; a number or phone of someone else is refused', async () => {
    const first = await upload('church', csv('Halima,Mussa,0756200001,female,TZ,,,,FILE-001'));
    expect(first.body).toEqual({ created: 1, duplicates: 0, refused: [] });
    const [stored] = await t.database.db.select().from(members).where(eq(members.code, 'FILE-001'));
    expect(stored).toMatchObject({ institutionId: w.churchA.id, phone: '+255756200001' });
    const reordered = Buffer.from(`nambaYaMuumini;simu;jinaLaKwanza;jinaLaMwisho;jinsia;nchi\r\nFILE-001;+255756200001;Halima;Mussa;mwanamke;TZ\r\nFILE-002;0756200001;Hawa;Omari;ke;TZ\r\n${w.churchA.code}-0007;0756200009;Other;Person;me;TZ\r\n`);
    const second = await upload('church', reordered);
    expect(second.body.created).toBe(0);
    expect(second.body.duplicates).toBe(1);
    expect(second.body.refused).toEqual([
      { line: 3, message: `The phone number +255756200001 already belongs to member FILE-001` },
      { line: 4, message: `Member number ${w.churchA.code}-0007 already belongs to another member` },
    ]);
  });

  it('two batches of one file in flight at once (as the browser sends them) store every row once, numbered past 9999 without a gap or a clash', async () => {
    const code = w.churchB.code;
    await createMember(t.database.db, { institutionId: w.churchB.id, code: `${code}-9999`, phone: '+255754990999' });
    // Not the automatic numbering's: a zero before five digits, and a longer number of another shape.
    await createMember(t.database.db, { institutionId: w.churchB.id, code: `${code}-00012345`, phone: '+255754990998' });
    await createMember(t.database.db, { institutionId: w.churchB.id, code: 'OLD-123456789012', phone: '+255754990997' });
    const rows = Array.from({ length: 6 }, (_, index) => `Sambamba${index},Kweka,07549910${String(index).padStart(2, '0')},female,TZ,,,,`);
    const whole = csv(...rows);
    const importKey = createHash('sha256').update(whole).digest('hex');
    const batches = [csv(...rows.slice(0, 3)), csv(...rows.slice(3))];
    const send = () => Promise.all(batches.map((bytes, index) => upload('churchB', bytes, `?importKey=${importKey}&firstLine=${2 + index * 3}`)));
    const first = await send();
    expect(first.map((answer) => answer.status)).toEqual([200, 200]);
    expect(first.reduce((sum, answer) => sum + answer.body.created, 0)).toBe(6);
    const stored = (await liveMembers(w.churchB.id)).filter((member) => member.firstName.startsWith('Sambamba'));
    expect(stored.map((member) => member.code).sort()).toEqual([10000, 10001, 10002, 10003, 10004, 10005].map((n) => `${code}-${n}`));
    // Again, both at once: nobody twice.
    const again = await send();
    expect(again.map((answer) => [answer.body.created, answer.body.duplicates])).toEqual([
      [0, 3],
      [0, 3],
    ]);
    // The next single registration continues the numbering.
    expect((await upload('churchB', csv('Baadaye,Kweka,0754991099,male,TZ,,,,'))).body.created).toBe(1);
    expect((await liveMembers(w.churchB.id)).find((member) => member.firstName === 'Baadaye')?.code).toBe(`${code}-10006`);
  });

  it('reads XLSX by content, with Swahili headers and numbers typed as numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Waumini');
    sheet.addRow(['jinaLaKwanza', 'jinaLaMwisho', 'simu', 'jinsia', 'nchi', 'postiKodi']);
    sheet.addRow(['Zawadi', 'Kimaro', 757300001, 'female', 'TZ', 255]);
    sheet.addRow(['Bad', 'Postal', 757300002, 'male', 'TZ', '12a']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('church', bytes, '', 'waumini.bin');
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(1);
    expect(res.body.refused).toEqual([{ line: 3, message: 'Postal code needs to be digits' }]);
    const [zawadi] = await t.database.db.select().from(members).where(eq(members.firstName, 'Zawadi'));
    expect(zawadi).toMatchObject({ phone: '+255757300001', postalCode: '255' });
  });

  it('answers in the caller’s language', async () => {
    const body = multipartFile('m.csv', csv(',Kweka,0754111333,female,TZ,,,,'), 'text/csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/members/import', headers: { ...headers.church, lang: 'sw', ...body.headers }, payload: body.payload });
    const refused = (res.json() as MemberImportResult).refused;
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).not.toContain('can not be empty');
  });

  it('authorization is the single add’s: members:create and an active institution in scope', async () => {
    const row = csv('Auth,Check,0758400001,male,TZ,,,,');
    const count = async () => (await t.database.db.select().from(members).where(eq(members.firstName, 'Auth'))).length;
    // Bank staff have no members:create.
    expect((await upload('admin', row, `?institutionId=${w.churchA.id}`)).status).toBe(403);
    expect((await upload('branch', row, `?institutionId=${w.churchA.id}`)).status).toBe(403);
    // The imam and another church cannot import into church A; nor can church A into them.
    expect((await upload('mosque', row, `?institutionId=${w.churchA.id}`)).status).toBe(403);
    expect((await upload('churchB', row, `?institutionId=${w.churchA.id}`)).status).toBe(403);
    expect((await upload('church', row, `?institutionId=${w.mosque.id}`)).status).toBe(403);
    // A union user names a church of its subtree; without one the server asks which.
    const unnamed = await upload('union', row);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('Choose the church or mosque the members join');
    expect(await count()).toBe(0);
    expect((await upload('union', row, `?institutionId=${w.churchB.id}`)).body.created).toBe(1);
    const anonymous = multipartFile('m.csv', row, 'text/csv');
    expect((await t.app.inject({ method: 'POST', url: '/api/members/import', headers: anonymous.headers, payload: anonymous.payload })).statusCode).toBe(401);
    expect(await count()).toBe(1);
  });

  it('a union user imports only into a church or mosque of its subtree, offered by the picker', async () => {
    const places = async (role: Role, search = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/members/import-places${search ? `?search=${encodeURIComponent(search)}` : ''}`, headers: headers[role] });
      return { status: res.statusCode, titles: res.statusCode === 200 ? (res.json() as { data: Array<{ title: string }> }).data.map((place) => place.title) : [] };
    };
    // The union's subtree holds two churches; the field, the district and the union keep no members, the mosque is another tree.
    expect(await places('union')).toEqual({ status: 200, titles: ['Mwenge Church', 'Sinza Church'] });
    expect((await places('union', 'sinz')).titles).toEqual(['Sinza Church']);
    expect((await places('union', w.churchB.code)).titles).toContain('Sinza Church');
    expect((await places('union', '%')).titles).toEqual([]);
    expect((await places('church')).titles).toEqual(['Mwenge Church']);
    expect((await places('mosque')).titles).toEqual(['Kariakoo Mosque']);
    expect((await places('admin')).status).toBe(403);
    // What the picker leaves out, the upload refuses: a place outside the subtree, or a level without members.
    const row = csv('Picker,Check,0758400099,male,TZ,,,,');
    expect((await upload('union', row, `?institutionId=${w.mosque.id}`)).status).toBe(403);
    const district = await upload('union', row, `?institutionId=${w.district.id}`);
    expect(district.status).toBe(400);
    expect(district.body.message).toBe('Choose the church or mosque the members join');
    expect((await t.database.db.select().from(members).where(eq(members.firstName, 'Picker'))).length).toBe(0);
  });

  it('bad uploads are localised 4xx and change nothing', async () => {
    const before = (await t.database.db.select().from(members)).length;
    const json = await t.app.inject({ method: 'POST', url: '/api/members/import', headers: headers.church, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Choose a file to upload');
    const pdf = await upload('church', Buffer.from('%PDF-1.4\u0000\u0001binary'), '', 'a.pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('Only CSV or Excel (.xlsx) files are accepted');
    const brokenZip = await upload('church', Buffer.from('PK\u0003\u0004not really a zip'), '', 'a.xlsx');
    expect(brokenZip.status).toBe(400);
    const noColumns = await upload('church', Buffer.from('name,mobile\r\nA,0754\r\n'));
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.message).toBe('The first row must name the columns; missing: firstName, lastName, phone, gender, country');
    expect((await upload('church', Buffer.alloc(0))).status).toBe(400);
    expect((await upload('church', csv('A,B,0754000000,male,TZ,,,,'), '?importKey=abc&firstLine=2')).status).toBe(400);
    expect((await upload('church', csv('A,B,0754000000,male,TZ,,,,'), `?importKey=${'a'.repeat(64)}`)).status).toBe(400);
    expect((await upload('church', csv('A,B,0754000000,male,TZ,,,,'), '?institutionId=abc')).status).toBe(400);
    const tooLarge = await upload('church', Buffer.concat([csv(), Buffer.alloc(15 * 1024 * 1024 + 10, 0x41)]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The file is larger than 15 MB');
    expect((await t.database.db.select().from(members)).length).toBe(before);
  });
});
