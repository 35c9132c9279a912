import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail, MemberHistory, MemberListPage } from '../../domain/api/members';
import { zones } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { createOfferingType } from '../factories/desk';
import { createMember, createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { transactionLines } from '../../server/db/schema/money';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('members for staff: list, search, detail, edit', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  let neema: Awaited<ReturnType<typeof createMember>>;
  let juma: Awaited<ReturnType<typeof createMember>>;
  let sinza: Awaited<ReturnType<typeof createMember>>;
  let zakaria: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-06-15T09:00:00Z') });
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const db = t.database.db;
    neema = await createMember(db, { institutionId: w.churchA.id, firstName: 'Neema', lastName: 'Lyimo', code: 'MWG-0001', phone: '+255754111222', gender: 'female' });
    juma = await createMember(db, { institutionId: w.churchA.id, firstName: 'Juma', lastName: 'Mrisho', code: 'MWG-0002', phone: '+255713987654', gender: 'male' });
    sinza = await createMember(db, { institutionId: w.churchB.id, firstName: 'Neema', lastName: 'Kweka', code: 'SNZ-0001', phone: '+255765000111', gender: 'female' });
    zakaria = await createMember(db, { institutionId: w.mosque.id, firstName: 'Zakaria', lastName: 'Said', code: 'KKM-0001', phone: '+255784000222', gender: 'male' });
    await createMember(db, { institutionId: w.churchA.id, firstName: 'Gone', lastName: 'Member', code: 'MWG-0003', phone: '+255754000333', deletedAt: new Date() });
  });
  afterAll(() => t.close());

  const list = async (role: Role, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/members${query}`, headers: headers[role] });
    return { status: res.statusCode, body: res.json() as MemberListPage };
  };
  const ids = (page: MemberListPage) => page.data.map((row) => row.id).sort((a, b) => a - b);

  it('scopes the list per role: church, union subtree, branch, admin religion; deleted members never listed', async () => {
    expect(ids((await list('church')).body)).toEqual([neema.id, juma.id].sort((a, b) => a - b));
    expect(ids((await list('churchB')).body)).toEqual([sinza.id]);
    expect(ids((await list('union')).body)).toEqual([neema.id, juma.id, sinza.id].sort((a, b) => a - b));
    expect(ids((await list('branch')).body)).toEqual([neema.id, juma.id, sinza.id].sort((a, b) => a - b));
    expect(ids((await list('mosque')).body)).toEqual([zakaria.id]);
    // Admin with no religion chosen sees everything; the row carries the contract's fields.
    const all = (await list('admin')).body;
    expect(ids(all)).toEqual([neema.id, juma.id, sinza.id, zakaria.id].sort((a, b) => a - b));
    expect(all.data.find((row) => row.id === neema.id)).toMatchObject({ names: 'Neema Lyimo', phone: '+255754111222', code: 'MWG-0001', institutionId: w.churchA.id, zoneId: null });
  });

  it('an admin sees only the active religion once one is chosen', async () => {
    const admin = (await signIn(t.app, w.users.admin)).headers;
    const chosen = await t.app.inject({ method: 'POST', url: '/api/setReligion', headers: admin, payload: { religionId: w.islam.id } });
    expect(chosen.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/members', headers: admin });
    expect((res.json() as MemberListPage).data.map((row) => row.id)).toEqual([zakaria.id]);
  });

  it('refuses an institution filter outside the scope (an imam asking for a church)', async () => {
    expect((await list('mosque', `?institutionId=${w.churchA.id}`)).status).toBe(403);
    expect(ids((await list('union', `?institutionId=${w.churchB.id}`)).body)).toEqual([sinza.id]);
  });

  it('searches by any part of the name, phone (as typed nationally) or code, and filters by gender', async () => {
    expect(ids((await list('union', '?search=neema')).body)).toEqual([neema.id, sinza.id].sort((a, b) => a - b));
    expect(ids((await list('union', '?search=lyi')).body)).toEqual([neema.id]);
    expect(ids((await list('union', '?search=0713%20987')).body)).toEqual([juma.id]);
    expect(ids((await list('union', '?search=987654')).body)).toEqual([juma.id]);
    expect(ids((await list('union', '?search=snz-00')).body)).toEqual([sinza.id]);
    expect(ids((await list('union', '?search=Ju')).body)).toEqual([juma.id]);
    expect(ids((await list('union', '?gender=female')).body)).toEqual([neema.id, sinza.id].sort((a, b) => a - b));
    // A wildcard is text, not "everything".
    expect((await list('union', '?search=%25%25%25')).body.data).toEqual([]);
    // Another tenant's member is never found by search.
    expect((await list('mosque', '?search=neema')).body.data).toEqual([]);
  });

  it('pages by keyset in name order until nextCursor is null, and refuses a forged cursor', async () => {
    const db = t.database.db;
    for (let i = 0; i < 7; i++) await createMember(db, { institutionId: w.churchB.id, firstName: 'Paged', lastName: `Person${i}`, code: `SNZ-P${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: MemberListPage = (await list('churchB', `?search=paged&limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...page.data.map((row) => row.names));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `Paged Person${i}`));
    expect((await list('churchB', '?cursor=not-a-cursor')).status).toBe(400);
  });

  it('search finds the start of a first or last name, the inside of a name, the code and the phone, in list order across pages', async () => {
    const db = t.database.db;
    const make = (firstName: string, lastName: string, code: string, phone: string) => createMember(db, { institutionId: w.churchB.id, firstName, lastName, code, phone });
    await make('Sara', 'Abdallah', 'SNZ-S1', '+255700100001');
    await make('Amina', 'Sarakikya', 'SNZ-S2', '+255700100002');
    await make('Asara', 'Juma', 'SNZ-S3', '+255700100003');
    await make('Juma', 'Kisara', 'SNZ-S4', '+255700100004');
    await make('Mary Sarafina', 'Temba', 'SNZ-S5', '+255700100005');
    await make('Peter', 'Mushi', 'SARA-01', '+255700100006');
    await make('Zawadi', 'Mollel', 'SNZ-S7', '+255700100007');
    await make('Baraka', 'Kimaro', 'SNZ-S8', '+255700100008');
    // Every page of 2, cursor to cursor: the whole answer, once each, in the list's order.
    const walk = async (search: string, role: Role = 'churchB') => {
      const names: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const page: MemberListPage = (await list(role, `?search=${encodeURIComponent(search)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
        names.push(...page.data.map((row) => row.names));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return names;
    };
    // By the start of a first name, of a last name, inside a first name, inside a last name, in a second first name, in the code.
    const sara = ['Amina Sarakikya', 'Asara Juma', 'Juma Kisara', 'Mary Sarafina Temba', 'Peter Mushi', 'Sara Abdallah'];
    expect(await walk('Sara')).toEqual(sara);
    // Bank staff (a branch here) read a last name's members per distinct last name: the same answer.
    expect(await walk('Sara', 'branch')).toEqual(sara);
    expect(await walk('ki', 'branch')).toEqual(['Baraka Kimaro', 'Juma Kisara']);
    expect(await walk('ki')).toEqual(['Baraka Kimaro', 'Juma Kisara']);
    // Only inside a name.
    expect(await walk('kiky')).toEqual(['Amina Sarakikya']);
    expect(await walk('arafi')).toEqual(['Mary Sarafina Temba']);
    // Across the first and last name, and with the space typed twice.
    expect(await walk('sara  abd')).toEqual(['Sara Abdallah']);
    expect(await walk('a juma')).toEqual(['Asara Juma']);
    // Two letters: the start of a first name, a last name or the code only.
    expect(await walk('sa')).toEqual(['Amina Sarakikya', 'Peter Mushi', 'Sara Abdallah']);
    // A phone fragment as typed nationally.
    expect(await walk('0700 1000')).toEqual(['Amina Sarakikya', 'Asara Juma', 'Baraka Kimaro', 'Juma Kisara', 'Mary Sarafina Temba', 'Peter Mushi', 'Sara Abdallah', 'Zawadi Mollel']);
  });

  it('the detail carries church, zone and totals this year and all time in minor units; 404 outside the scope', async () => {
    const db = t.database.db;
    const tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka' });
    const thisYear = await createTransaction(db, { institutionId: w.churchA.id, memberId: neema.id, amount: 25_000, receivedAt: new Date('2026-03-01T10:00:00Z') });
    await db.insert(transactionLines).values({ transactionId: thisYear.id, offeringTypeId: tithe.id, amount: 25_000 });
    const lastYear = await createTransaction(db, { institutionId: w.churchA.id, memberId: neema.id, method: 'cash', amount: 10_000, receivedAt: new Date('2025-12-31T20:59:00Z') });
    await db.insert(transactionLines).values({ transactionId: lastYear.id, offeringTypeId: tithe.id, amount: 10_000 });
    await createTransaction(db, { institutionId: w.churchA.id, memberId: neema.id, status: 'failed', amount: 99_000 });
    const res = await t.app.inject({ method: 'GET', url: `/api/members/${neema.id}`, headers: headers.church });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as MemberDetail;
    expect(detail).toMatchObject({ id: neema.id, code: 'MWG-0001', institution: { id: w.churchA.id, title: 'Mwenge Church' }, zone: null });
    // 2025-12-31 20:59 UTC is 23:59 in Dar es Salaam: last year there.
    expect(detail.totals).toEqual({ thisYear: [{ currency: 'TZS', amount: 25_000 }], allTime: [{ currency: 'TZS', amount: 35_000 }] });
    const history = (await t.app.inject({ method: 'GET', url: `/api/members/${neema.id}/history`, headers: headers.union })).json() as MemberHistory;
    expect(history.giving).toHaveLength(3);
    expect(history.totals).toEqual([
      { year: 2026, offeringType: 'Zaka', currency: 'TZS', amount: 25_000 },
      { year: 2025, offeringType: 'Zaka', currency: 'TZS', amount: 10_000 },
    ]);
    for (const role of ['mosque', 'churchB'] as const) {
      expect((await t.app.inject({ method: 'GET', url: `/api/members/${neema.id}`, headers: headers[role] })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/members/${neema.id}/history`, headers: headers[role] })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/members/999999`, headers: headers.admin })).statusCode).toBe(404);
  });

  it('edits the profile online within the scope only; bank staff only read', async () => {
    const patch = (role: Role, id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/members/${id}`, headers: headers[role], payload });
    const res = await patch('church', juma.id, { city: 'Dodoma', email: 'juma@example.co.tz', preferredLanguage: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Dodoma', email: 'juma@example.co.tz', preferredLanguage: 'en' });
    expect((await patch('mosque', juma.id, { city: 'Tanga' })).statusCode).toBe(404);
    expect((await patch('churchB', juma.id, { city: 'Tanga' })).statusCode).toBe(404);
    expect((await patch('admin', juma.id, { city: 'Tanga' })).statusCode).toBe(403);
    expect((await patch('church', juma.id, { country: 'tz' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, juma.id));
    expect(row?.city).toBe('Dodoma');
  });

  it('shows the zone in the detail and filters the list by zone', async () => {
    const [zone] = await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Kanda ya Mashariki' }).returning();
    await t.database.db.update(members).set({ zoneId: zone!.id }).where(eq(members.id, neema.id));
    expect(ids((await list('church', `?zoneId=${zone!.id}`)).body)).toEqual([neema.id]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/members/${neema.id}`, headers: headers.church })).json() as MemberDetail;
    expect(detail.zone).toEqual({ id: zone!.id, name: 'Kanda ya Mashariki' });
  });

  it('finds a scanned member code in scope only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/by-code?code=mwg-0001', headers: headers.church });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: neema.id, names: 'Neema Lyimo' });
    expect((await t.app.inject({ method: 'GET', url: '/api/members/by-code?code=MWG-0001', headers: headers.mosque })).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV headed like the import template, in the caller language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/export?format=csv&search=neema', headers: { ...headers.union, lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-count']).toBe('2');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toContain('firstName,lastName,phone,gender,country');
    expect(lines).toHaveLength(3);
    const sw = await t.app.inject({ method: 'GET', url: '/api/members/export?format=xlsx', headers: { ...headers.church, lang: 'sw' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('spreadsheetml');
    expect((await t.app.inject({ method: 'GET', url: '/api/members/export?format=csv', headers: headers.mosque })).statusCode).toBe(200);
  });

  it('offers the staff list a church filter: the member-holding institutions of the scope only', async () => {
    const places = async (role: Role, search = '') => ((await t.app.inject({ method: 'GET', url: `/api/members/places?search=${search}`, headers: headers[role] })).json() as { data: Array<{ id: number }> }).data.map((row) => row.id);
    expect((await places('union')).sort((a, b) => a - b)).toEqual([w.churchA.id, w.churchB.id].sort((a, b) => a - b));
    expect(await places('union', 'sinza')).toEqual([w.churchB.id]);
    expect(await places('admin')).toContain(w.mosque.id);
    expect(await places('mosque')).toEqual([w.mosque.id]);
  });

  it('exports the members chosen in the list (ids) within the scope only, through the one writer (formulas neutralised)', async () => {
    // Kept last: it adds a member to Sinza that the scope tests above do not expect.
    const formula = await createMember(t.database.db, { institutionId: w.churchB.id, firstName: '=HYPERLINK("http://x")', lastName: 'Kweka', code: 'SNZ-0009', phone: '+255765000999' });
    const chosen = [neema.id, formula.id, zakaria.id].join(',');
    const res = await t.app.inject({ method: 'GET', url: `/api/members/export?format=csv&ids=${chosen}`, headers: { ...headers.union, lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="members-2026-06-15.csv"');
    // The mosque's member is outside the union: not in the file, not counted.
    expect(res.headers['x-export-count']).toBe('2');
    expect(res.headers['x-export-included']).toBe('2');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith('Neema,Lyimo,+255754111222'))).toBe(true);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://x"")",Kweka`))).toBe(true);
    expect(res.body).not.toContain('Zakaria');
    const bad = await t.app.inject({ method: 'GET', url: '/api/members/export?format=csv&ids=1,x', headers: { ...headers.union, lang: 'en' } });
    expect(bad.statusCode).toBe(400);
  });
});
