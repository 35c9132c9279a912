import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberTransfer, TransferListPage } from '../../domain/api/member-transfers';
import type { CachedMember } from '../../domain/api/receipts';
import { institutions } from '../../server/db/schema/institutions';
import { smsMessages } from '../../server/db/schema/messaging';
import { members, pledges } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import { createMember, createTransaction } from '../factories/giving';
import { createInstitution } from '../factories/institutions';
import { createUser } from '../factories/users';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('transferring a member: the sender asks, the receiver answers, the money stays where it was given', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const call = (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers[role], ...(payload ? { payload } : {}) });
  const request = (role: Role, memberId: number, toInstitutionId: number, note?: string) =>
    call(role, 'POST', `/api/members/${memberId}/transfer`, { toInstitutionId, ...(note ? { note } : {}) });
  const memberRow = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0]!;

  it('church A asks, church B accepts: the member moves with a new code, the old code is kept, giving and pledges stay with church A', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, code: 'MWG-0900', firstName: 'Neema', lastName: 'Moved' });
    const gift = await createTransaction(t.database.db, { institutionId: w.churchA.id, memberId: member.id, amount: 25_000 });
    const asked = await request('church', member.id, w.churchB.id, 'Moved to Sinza');
    expect(asked.statusCode).toBe(201);
    const transfer = asked.json() as MemberTransfer;
    expect(transfer).toMatchObject({ status: 'pending', fromCode: 'MWG-0900', toCode: null, from: { id: w.churchA.id }, to: { id: w.churchB.id }, memberNames: 'Neema Moved' });
    // Nothing moves before the answer.
    expect((await memberRow(member.id)).institutionId).toBe(w.churchA.id);
    // The receiving church sees it waiting; the sender sees it sent.
    const incoming = (await call('churchB', 'GET', '/api/member-transfers?direction=incoming&status=pending')).json() as TransferListPage;
    expect(incoming.data.map((row) => row.id)).toContain(transfer.id);
    const outgoing = (await call('church', 'GET', '/api/member-transfers?direction=outgoing')).json() as TransferListPage;
    expect(outgoing.data.map((row) => row.id)).toContain(transfer.id);
    expect(((await call('church', 'GET', '/api/member-transfers?direction=incoming')).json() as TransferListPage).data.map((row) => row.id)).not.toContain(transfer.id);

    const accepted = await call('churchB', 'POST', `/api/member-transfers/${transfer.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const done = accepted.json() as MemberTransfer;
    expect(done.status).toBe('accepted');
    expect(done.toCode).toMatch(new RegExp(`^${w.churchB.code}-\\d{4,}$`));
    const moved = await memberRow(member.id);
    expect(moved).toMatchObject({ institutionId: w.churchB.id, code: done.toCode, zoneId: null });
    // Giving stays attributed to church A.
    const [kept] = await t.database.db.select({ institutionId: transactions.institutionId, memberId: transactions.memberId }).from(transactions).where(eq(transactions.id, gift.id));
    expect(kept).toEqual({ institutionId: w.churchA.id, memberId: member.id });
    // Church B now reads the member; church A no longer does, but the union above both sees the whole history.
    const atB = (await call('churchB', 'GET', `/api/members/${member.id}`)).json();
    expect(atB).toMatchObject({ institution: { id: w.churchB.id }, totals: { allTime: [] } });
    expect((await call('church', 'GET', `/api/members/${member.id}`)).statusCode).toBe(404);
    const atUnion = (await call('union', 'GET', `/api/members/${member.id}`)).json();
    expect(atUnion.totals.allTime).toEqual([{ currency: 'TZS', amount: 25_000 }]);
    // Answered once.
    expect((await call('churchB', 'POST', `/api/member-transfers/${transfer.id}/accept`)).statusCode).toBe(409);
  });

  it('on acceptance the member gets an SMS in their language, paid from the receiving wallet (waiting when it is empty)', async () => {
    const smsLeft = async () => (await t.database.db.select({ n: institutions.smsLeft }).from(institutions).where(eq(institutions.id, w.churchB.id)))[0]!.n;
    const english = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300001', preferredLanguage: 'en' });
    const swahili = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300002', preferredLanguage: 'sw' });
    const before = await smsLeft();
    const first = (await request('church', english.id, w.churchB.id)).json() as MemberTransfer;
    // Nothing is sent while the request waits.
    expect(await t.smsInbox(english.phone)).toEqual([]);
    const done = (await call('churchB', 'POST', `/api/member-transfers/${first.id}/accept`)).json() as MemberTransfer;
    const [welcome] = await t.smsInbox(english.phone);
    expect(welcome?.message).toBe(`Sadaka: welcome to Sinza Church. You are now its member, number ${done.toCode}. What you gave before stays recorded where you gave it.`);
    expect(await smsLeft()).toBe(before - 1);
    // An empty wallet keeps the message waiting for a top-up (the SMS engine's rule); the move itself still happens.
    await t.database.db.update(institutions).set({ smsLeft: 0 }).where(eq(institutions.id, w.churchB.id));
    const second = (await request('church', swahili.id, w.churchB.id)).json() as MemberTransfer;
    expect((await call('churchB', 'POST', `/api/member-transfers/${second.id}/accept`)).statusCode).toBe(200);
    const [waiting] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.receiver, swahili.phone));
    expect(waiting).toMatchObject({ institutionId: w.churchB.id, status: 'waiting_balance', purpose: 'member-transfer' });
    expect(waiting!.message).toContain('Sinza Church');
    expect(waiting!.message).not.toContain('welcome');
    await t.database.db.update(institutions).set({ smsLeft: before }).where(eq(institutions.id, w.churchB.id));
  });

  it('the old church’s device cache learns on its next refresh that the member left; the new church’s gains them', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300010' });
    const cache = async (role: Role, institutionId: number, since?: string) => {
      const res = await call(role, 'GET', `/api/members/cache?institutionId=${institutionId}&limit=2000${since ? `&since=${since}` : ''}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: CachedMember[]; next: string | null; cursor: string };
    };
    const seenAtA = await cache('church', w.churchA.id);
    expect(seenAtA.data.find((row) => row.id === member.id)).toMatchObject({ deleted: false });
    const transfer = (await request('church', member.id, w.churchB.id)).json() as MemberTransfer;
    const accepted = (await call('churchB', 'POST', `/api/member-transfers/${transfer.id}/accept`)).json() as MemberTransfer;
    // The resume cursor stays a safety margin behind "now", so the next refresh reads the move.
    const nextAtA = await cache('church', w.churchA.id, seenAtA.cursor);
    expect(nextAtA.data.find((row) => row.id === member.id)).toEqual(expect.objectContaining({ id: member.id, institutionId: w.churchA.id, zoneId: null, deleted: true }));
    // A full rebuild of church A's cache holds them only as a removal; church B's holds them live with the new code.
    expect((await cache('church', w.churchA.id)).data.filter((row) => row.id === member.id && !row.deleted)).toEqual([]);
    expect((await cache('churchB', w.churchB.id)).data.find((row) => row.id === member.id)).toMatchObject({ institutionId: w.churchB.id, code: accepted.toCode, deleted: false });
  });

  it('a union-wide device cache (no institutionId) drops a member transferred out of the union and a deleted one on its next page', async () => {
    // A church of the same religion under another union: outside the Coast union's scope.
    const lake = await createInstitution(t.database.db, { religionId: w.christian.id, levelId: w.union.levelId, title: 'Lake Union', branchId: w.branch.id });
    const mwanza = await createInstitution(t.database.db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: lake, title: 'Mwanza Church' });
    const mwanzaTreasurer = (await signIn(t.app, await createUser(t.database.db, { role: 'Church Treasurer', institutionId: mwanza.id }))).headers;
    const leaving = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300020' });
    const deleted = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300021' });
    const staying = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300022' });
    const feed = async (role: Role, since?: string) => {
      const res = await call(role, 'GET', `/api/members/cache?limit=2000${since ? `&since=${since}` : ''}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: CachedMember[]; next: string | null; cursor: string };
    };
    const first = await feed('union');
    expect(first.data.filter((row) => [leaving.id, deleted.id, staying.id].includes(row.id)).every((row) => !row.deleted)).toBe(true);

    const transfer = (await request('church', leaving.id, mwanza.id)).json() as MemberTransfer;
    const accepted = await t.app.inject({ method: 'POST', url: `/api/member-transfers/${transfer.id}/accept`, headers: mwanzaTreasurer });
    expect(accepted.statusCode).toBe(200);
    // The deletion service's own write (soft delete; archive is the same column).
    await t.database.db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, deleted.id));

    const next = await feed('union', first.cursor);
    const byId = new Map(next.data.map((row) => [row.id, row]));
    // The removal names the church it left and the code it had there, never the new ones (outside the union's scope), and no zone.
    expect(byId.get(leaving.id)).toEqual(expect.objectContaining({ institutionId: w.churchA.id, code: transfer.fromCode, zoneId: null, deleted: true }));
    expect(byId.get(deleted.id)).toMatchObject({ deleted: true });
    // The resume cursor re-reads the last minute, so the untouched member may come again, but live.
    expect(byId.get(staying.id)?.deleted ?? false).toBe(false);
    // Pages stay in (updated_at, id) order across live rows and removals.
    const positions = next.data.map((row) => row.id);
    expect(new Set(positions).size).toBe(positions.length);
    // A fresh union-wide cache holds neither as a live member; the receiving church's device has the newcomer live.
    expect((await feed('union')).data.filter((row) => (row.id === leaving.id || row.id === deleted.id) && !row.deleted)).toEqual([]);
    const atMwanza = await t.app.inject({ method: 'GET', url: '/api/members/cache?limit=2000', headers: mwanzaTreasurer });
    expect((atMwanza.json() as { data: CachedMember[] }).data.find((row) => row.id === leaving.id)).toMatchObject({ institutionId: mwanza.id, deleted: false });
    // A move inside the union is not a removal there: the member is still in scope, now at Sinza.
    const inside = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715300023' });
    const before = await feed('union');
    const within = (await request('church', inside.id, w.churchB.id)).json() as MemberTransfer;
    expect((await call('churchB', 'POST', `/api/member-transfers/${within.id}/accept`)).statusCode).toBe(200);
    expect((await feed('union', before.cursor)).data.filter((row) => row.id === inside.id)).toEqual([expect.objectContaining({ institutionId: w.churchB.id, deleted: false })]);
  });

  it('a pledge made at the old church stays there', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const [pledge] = await t.database.db
      .insert(pledges)
      .values({ institutionId: w.churchA.id, memberId: member.id, total: 50_000, dueDate: new Date('2027-01-31T00:00:00Z') })
      .returning();
    const transfer = (await request('church', member.id, w.churchB.id)).json() as MemberTransfer;
    expect((await call('churchB', 'POST', `/api/member-transfers/${transfer.id}/accept`)).statusCode).toBe(200);
    const [kept] = await t.database.db.select({ institutionId: pledges.institutionId }).from(pledges).where(eq(pledges.id, pledge!.id));
    expect(kept?.institutionId).toBe(w.churchA.id);
  });

  it('refusal keeps the member; the sender may withdraw; one open request per member', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const first = (await request('church', member.id, w.churchB.id)).json() as MemberTransfer;
    const again = await request('church', member.id, w.churchB.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'transfer_pending' });
    const refused = await call('churchB', 'POST', `/api/member-transfers/${first.id}/refuse`, { note: 'We do not know this person' });
    expect(refused.json()).toMatchObject({ status: 'refused', answerNote: 'We do not know this person' });
    expect((await memberRow(member.id)).institutionId).toBe(w.churchA.id);
    const second = (await request('church', member.id, w.churchB.id)).json() as MemberTransfer;
    // Withdrawing is the sender's; the receiver cannot, and the sender cannot accept.
    expect((await call('churchB', 'POST', `/api/member-transfers/${second.id}/cancel`)).statusCode).toBe(404);
    expect((await call('church', 'POST', `/api/member-transfers/${second.id}/accept`)).statusCode).toBe(404);
    expect((await call('church', 'POST', `/api/member-transfers/${second.id}/cancel`)).json()).toMatchObject({ status: 'cancelled' });
    expect((await call('churchB', 'POST', `/api/member-transfers/${second.id}/accept`)).statusCode).toBe(409);
    expect((await memberRow(member.id)).institutionId).toBe(w.churchA.id);
  });

  it('refuses the own church, another religion, a level that holds no members, a taken phone, and a self-answer', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    expect((await request('church', member.id, w.churchA.id)).json()).toMatchObject({ code: 'transfer_self' });
    expect((await request('church', member.id, w.mosque.id)).json()).toMatchObject({ code: 'transfer_destination' });
    expect((await request('church', member.id, w.district.id)).json()).toMatchObject({ code: 'transfer_destination' });
    expect((await request('church', member.id, 999_999)).statusCode).toBe(422);
    await createMember(t.database.db, { institutionId: w.churchB.id, phone: '+255713999111' });
    const twin = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255713999111' });
    expect((await request('church', twin.id, w.churchB.id)).json()).toMatchObject({ code: 'transfer_phone_taken' });
    // The union covers both churches: it may ask, but then it may not answer its own request.
    const byUnion = (await request('union', member.id, w.churchB.id)).json() as MemberTransfer;
    expect((await call('union', 'POST', `/api/member-transfers/${byUnion.id}/accept`)).json()).toMatchObject({ code: 'transfer_own' });
    expect((await memberRow(member.id)).institutionId).toBe(w.churchA.id);
  });

  it('only staff in scope with members:update ask or answer; an imam never reaches a church member', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    expect((await request('mosque', member.id, w.churchB.id)).statusCode).toBe(404);
    expect((await request('admin', member.id, w.churchB.id)).statusCode).toBe(403);
    expect((await request('churchB', member.id, w.churchB.id)).statusCode).toBe(404);
    const transfer = (await request('church', member.id, w.churchB.id)).json() as MemberTransfer;
    expect((await call('mosque', 'POST', `/api/member-transfers/${transfer.id}/accept`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/api/member-transfers/${transfer.id}/accept`)).statusCode).toBe(403);
    expect(((await call('mosque', 'GET', '/api/member-transfers?direction=incoming')).json() as TransferListPage).data).toEqual([]);
    // Destinations: congregations of the member's religion, not its own.
    const found = (await call('church', 'GET', `/api/members/${member.id}/transfer-destinations?search=s`)).json();
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([w.churchB.id]);
    expect((await call('church', 'GET', `/api/members/${member.id}/transfer-destinations?search=kariakoo`)).json().data).toEqual([]);
    // A third church of the same district is neither side: it neither sees nor answers the request.
    const [levelId, religionId] = [w.churchB.levelId, w.churchB.religionId];
    const churchC = await createInstitution(t.database.db, { religionId, levelId, parent: w.district, title: 'Ubungo Church' });
    const third = (await signIn(t.app, await createUser(t.database.db, { role: 'Church Treasurer', institutionId: churchC.id }))).headers;
    expect((await t.app.inject({ method: 'POST', url: `/api/member-transfers/${transfer.id}/accept`, headers: third })).statusCode).toBe(404);
    expect(((await t.app.inject({ method: 'GET', url: '/api/member-transfers?direction=incoming', headers: third })).json() as TransferListPage).data).toEqual([]);
    expect((await memberRow(member.id)).institutionId).toBe(w.churchA.id);
    // The receiving church's own user answers it.
    expect(((await call('churchB', 'POST', `/api/member-transfers/${transfer.id}/accept`)).json() as MemberTransfer).status).toBe('accepted');
    expect((await memberRow(member.id)).institutionId).toBe(w.churchB.id);
  });
});
