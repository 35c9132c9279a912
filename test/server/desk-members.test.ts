import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedMember, MemberInput } from '../../domain/api/receipts';
import { fieldLabels, messages } from '../../domain/messages';
import { zones } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import { countDeskRows, createCurrency, createOfferingType, memberEntry, receiptEntry, sync } from '../factories/desk';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];
let phoneSeq = 0;
/** Valid, distinct Tanzanian mobile numbers (Vodacom 075x). */
const nextPhone = () => `+25575${String(++phoneSeq).padStart(7, '0')}`;

describe('offline member registration (POST /api/members/sync)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const post = (entries: unknown[], role: Role = 'church', lang?: string) => sync(t.app, 'members', { ...headers[role], ...(lang ? { lang } : {}) }, entries);
  const register = (overrides: Partial<MemberInput> = {}) => memberEntry({ institutionId: w.churchA.id, phone: nextPhone(), ...overrides });

  it('creates the member with a server-assigned code (institution code + sequence) and answers a replay as duplicate', async () => {
    const first = register({ email: 'neema@example.co.tz', postalCode: '14113', city: 'Dar es Salaam' });
    const second = register({ firstName: 'Juma', gender: 'male', preferredLanguage: 'en' });
    const [a, b] = await post([first, second]);
    expect(a).toMatchObject({ id: first.id, status: 'created', memberCode: `${w.churchA.code}-0001` });
    expect(b).toMatchObject({ id: second.id, status: 'created', memberCode: `${w.churchA.code}-0002` });
    const [row] = await t.database.db.select().from(members).where(eq(members.id, a!.memberId!));
    expect(row).toMatchObject({ clientId: first.id, institutionId: w.churchA.id, firstName: 'Neema', phone: first.phone, email: 'neema@example.co.tz', createdBy: w.users.church.id });
    const before = await countDeskRows(t.database);
    const again = await post([first, second]);
    expect(again).toEqual([
      { id: first.id, status: 'duplicate', memberId: a!.memberId, memberCode: a!.memberCode },
      { id: second.id, status: 'duplicate', memberId: b!.memberId, memberCode: b!.memberCode },
    ]);
    expect(await countDeskRows(t.database)).toEqual(before);
  });

  it('a different registration under the same id is a conflict', async () => {
    const entry = register();
    const [created] = await post([entry]);
    const [result] = await post([{ ...entry, lastName: 'Kweka' }], 'church', 'en');
    expect(result).toEqual({ id: entry.id, status: 'conflict', memberId: created!.memberId, memberCode: created!.memberCode, message: messages.memberConflict.message, code: 'content_differs' });
  });

  it('a phone already belonging to a member of the institution is a conflict naming that member, in English and Swahili', async () => {
    const existing = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Mollel', code: 'MWG-0900', phone: nextPhone() });
    const entry = register({ phone: existing.phone });
    const before = await countDeskRows(t.database);
    const [en] = await post([entry], 'church', 'en');
    expect(en).toEqual({
      id: entry.id,
      status: 'conflict',
      memberId: existing.id,
      memberCode: 'MWG-0900',
      message: `The phone number ${existing.phone} already belongs to member Baraka Mollel (MWG-0900). Use that member or correct the number.`,
      code: 'phone_taken',
    });
    const [sw] = await post([entry], 'church', 'sw');
    expect(sw?.message).toBe(t.ctx.translator.t('sw', messages.memberPhoneTaken, { phone: existing.phone, name: 'Baraka Mollel', code: 'MWG-0900' }));
    expect(sw?.message).toContain('MWG-0900');
    expect(await countDeskRows(t.database)).toEqual(before);
    // The same phone at another church, or of a member who was deleted, is no conflict.
    expect((await post([memberEntry({ institutionId: w.churchB.id, phone: existing.phone })], 'churchB'))[0]?.status).toBe('created');
    const gone = await createMember(t.database.db, { institutionId: w.churchA.id, phone: nextPhone(), deletedAt: new Date() });
    expect((await post([register({ phone: gone.phone })]))[0]?.status).toBe('created');
  });

  it('rejects an invalid registration with the spec’s field messages, in English and Swahili', async () => {
    const label = (key: keyof typeof fieldLabels) => t.ctx.translator.t('sw', fieldLabels[key]);
    const noName = { ...register(), firstName: '  ' };
    const letters = register({ postalCode: '14a13' });
    const noCountry = { ...register(), country: undefined };
    const badPhone = register({ phone: '+25512' });
    const noGender = { ...register(), gender: undefined };
    const before = await countDeskRows(t.database);
    const en = await post([noName, letters, noCountry, badPhone, noGender], 'church', 'en');
    expect(en.map((r) => [r.id, r.status, r.message])).toEqual([
      [noName.id, 'rejected', 'First name can not be empty'],
      [letters.id, 'rejected', 'Postal code needs to be digits'],
      [noCountry.id, 'rejected', 'Please select country'],
      [badPhone.id, 'rejected', 'Enter a valid phone number'],
      [noGender.id, 'rejected', 'Gender can not be empty'],
    ]);
    const sw = await post([noName, letters, noCountry, noGender], 'church', 'sw');
    expect(sw.map((r) => r.message)).toEqual([
      `${label('firstName')} haiwezi kuwa tupu`,
      `${label('postalCode')} lazima iwe tarakimu`,
      'Tafadhali chagua nchi',
      `${label('gender')} haiwezi kuwa tupu`,
    ]);
    expect(await countDeskRows(t.database)).toEqual(before);
  });

  it('registers only within the caller’s scope and zones of that institution', async () => {
    const [zoneB] = await t.database.db.insert(zones).values({ institutionId: w.churchB.id, name: 'Zone B' }).returning();
    const [zoneA] = await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Zone A' }).returning();
    const elsewhere = memberEntry({ institutionId: w.churchB.id, phone: nextPhone() });
    const foreignZone = register({ zoneId: zoneB!.id });
    const ownZone = register({ zoneId: zoneA!.id });
    const results = await post([elsewhere, foreignZone, ownZone], 'church', 'en');
    expect(results.map((r) => [r.status, r.code])).toEqual([['rejected', 'forbidden'], ['rejected', 'not_found'], ['created', undefined]]);
    // The union administrator registers into its churches; bank staff cannot register at all.
    expect((await post([memberEntry({ institutionId: w.churchB.id, phone: nextPhone() })], 'union'))[0]?.status).toBe('created');
    const bank = await t.app.inject({ method: 'POST', url: '/api/members/sync', headers: headers.admin, payload: { members: [register()] } });
    expect(bank.statusCode).toBe(403);
  });

  it('concurrent registrations: one id ten times → one member; ten ids with one phone → one member and nine phone conflicts', async () => {
    const entry = register();
    const same = await Promise.all(Array.from({ length: 10 }, () => post([entry])));
    expect(same.map((r) => r[0]?.status).sort()).toEqual(['created', ...Array<string>(9).fill('duplicate')]);
    const phone = nextPhone();
    const rivals = Array.from({ length: 10 }, () => register({ phone }));
    const answers = (await Promise.all(rivals.map((rival) => post([rival])))).map((r) => r[0]!);
    const winner = answers.find((a) => a.status === 'created');
    expect(answers.filter((a) => a.status === 'created')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'conflict' && a.code === 'phone_taken' && a.memberId === winner!.memberId)).toHaveLength(9);
    expect(await t.database.db.select().from(members).where(eq(members.phone, phone))).toHaveLength(1);
  });

  it('a receipt for a member registered offline (memberClientId) links to that member once both sync', async () => {
    const db = t.database.db;
    await createCurrency(db);
    const type = await createOfferingType(db, { institutionId: w.churchA.id });
    const member = register({ preferredLanguage: 'en' });
    const receipt = receiptEntry({ institutionId: w.churchA.id, memberClientId: member.id, lines: [{ offeringTypeId: type.id, amount: 200_000 }] });
    // The receipt arrives first: it waits (nothing written), and goes through unchanged once the member is there.
    const [early] = await sync(t.app, 'cash-receipts', { ...headers.church, lang: 'en' }, [receipt]);
    expect(early).toMatchObject({ status: 'rejected', code: 'waiting_for_member' });
    const [registered] = await post([member]);
    const [late] = await sync(t.app, 'cash-receipts', headers.church, [receipt]);
    expect(late?.status).toBe('created');
    const [stored] = await db.select().from(transactions).where(eq(transactions.clientId, receipt.id));
    expect(stored).toMatchObject({ memberId: registered!.memberId, payerPhone: member.phone, payerName: 'Neema Mushi' });
    // The member's own language for the SMS receipt.
    const { rows } = await t.database.raw.query(`select message from sms_messages where id = $1`, [stored!.receiptSmsId]);
    expect(String(rows[0]?.message)).toContain('received');
  });
});

describe('device member cache (GET /api/members/cache)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
    for (let i = 0; i < 7; i++) await createMember(t.database.db, { institutionId: w.churchA.id, phone: nextPhone() });
    await createMember(t.database.db, { institutionId: w.churchB.id, phone: nextPhone() });
    // Age every row past the safety margin, with the trigger off for this one statement.
    await t.database.raw.exec(`begin; set local session_replication_role = replica; update members set updated_at = updated_at - interval '2 hours'; commit;`);
  });
  afterAll(() => t.close());

  type Page = { data: CachedMember[]; next: string | null; cursor: string };
  const cache = async (role: Role, query: string): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/members/cache?${query}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  async function readAll(role: Role, query: string, since?: string) {
    const seen: CachedMember[] = [];
    let page = await cache(role, `${query}${since ? `&since=${since}` : ''}`);
    seen.push(...page.data);
    while (page.next) {
      page = await cache(role, `${query}&since=${page.next}`);
      seen.push(...page.data);
    }
    return { seen, cursor: page.cursor };
  }

  it('pages through the institution by cursor, each member once, in (updated_at, id) order', async () => {
    const { seen } = await readAll('church', 'limit=3');
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((m) => m.id)).size).toBe(7);
    expect(seen.every((m) => m.institutionId === w.churchA.id && m.deleted === false)).toBe(true);
    expect(seen[0]).toEqual({ id: expect.any(Number), institutionId: w.churchA.id, code: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), phone: expect.any(String), preferredLanguage: 'sw', zoneId: null, deleted: false });
  });

  it('from the resume cursor only changes come back: edits, soft deletions (deleted: true) and new members', async () => {
    const { cursor } = await readAll('church', 'limit=3');
    expect((await cache('church', `since=${cursor}`)).data).toEqual([]);
    const all = await t.database.db.select().from(members).where(eq(members.institutionId, w.churchA.id)).orderBy(members.id);
    await t.database.db.update(members).set({ firstName: 'Renamed' }).where(eq(members.id, all[0]!.id));
    await t.database.db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, all[1]!.id));
    const [joined] = await sync(t.app, 'members', headers.church, [memberEntry({ institutionId: w.churchA.id, phone: nextPhone() })]);
    const changes = (await cache('church', `since=${cursor}`)).data;
    expect(changes.map((m) => [m.id, m.firstName === 'Renamed', m.deleted]).sort()).toEqual(
      [[all[0]!.id, true, false], [all[1]!.id, false, true], [joined!.memberId, false, false]].sort(),
    );
  });

  it('is scoped: a church sees only itself, another church’s id is refused, a union sees its churches', async () => {
    expect((await readAll('churchB', 'limit=50')).seen.every((m) => m.institutionId === w.churchB.id)).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: `/api/members/cache?institutionId=${w.churchA.id}`, headers: headers.churchB });
    expect(refused.statusCode).toBe(403);
    const union = (await readAll('union', 'limit=50')).seen;
    expect(new Set(union.map((m) => m.institutionId))).toEqual(new Set([w.churchA.id, w.churchB.id]));
    expect((await readAll('mosque', 'limit=50')).seen).toEqual([]);
  });

  it('a cursor that is not one of ours is a localised 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/members/cache?since=garbage', headers: { ...headers.church, lang: 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Position is not valid');
  });

  it('keeps updated_at current on every update, whatever writes the row', async () => {
    const [member] = await t.database.db.select().from(members).where(eq(members.institutionId, w.churchB.id));
    await t.database.raw.query(`update members set city = 'Arusha' where id = $1`, [member!.id]);
    const [after] = await t.database.db.select().from(members).where(eq(members.id, member!.id));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(member!.updatedAt.getTime());
  });
});
