import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { signIn } from '../factories/sign-in';
import { createTransaction } from '../factories/giving';
import { createUser } from '../factories/users';
import {
  createGivingWorld,
  expectMoneyInvariants,
  give,
  type GivingWorld,
  mobileGift,
  paymentStatus,
  phoneEnding,
  setAccountStatus,
  testClock,
} from './payments-fixtures';

type Row = { id: string; institution: { id: number }; status: string; method: string; operator: string | null; createdBy: string | null; amount: number; fee: number };

/** The staff side of payments: desk pushes, lists scoped by role, detail, export, pending pushes, failed credits, settlement. */
describe('payments: staff', () => {
  let t: TestApp;
  let w: GivingWorld;
  const clock = testClock(new Date('2026-03-10T07:00:00Z'));
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createGivingWorld(t.database.db);
    for (const [role, user] of Object.entries(w.users)) headers[role] = { ...(await signIn(t.app, user)).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const list = async (role: string, query = '') => {
    const range = query.includes('range=') ? '' : '&range=7d';
    const res = await t.app.inject({ method: 'GET', url: `/api/transactions?limit=100${range}${query}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; count: number; totals: Array<{ currency: string; amount: number; fee: number; count: number }> };
  };

  async function completedGift(institution: 'A' | 'B', digitPhone = phoneEnding(0)) {
    const body =
      institution === 'A'
        ? mobileGift(w, digitPhone)
        : { institutionId: w.churchB.id, phone: digitPhone, method: 'mobile' as const, lines: [{ offeringTypeId: w.types.sinza.id, amount: 500_000 }], currency: 'TZS' };
    const res = await give(t, body);
    expect(res.statusCode, res.body).toBe(201);
    await t.settlePayments();
    return (res.json() as { id: string }).id;
  }

  it('desk push: a treasurer pushes for their own church (recorded as theirs), not for another; an admin without push:create is refused', async () => {
    const own = await give(t, mobileGift(w, phoneEnding(5)), { headers: headers.church });
    expect(own.statusCode, own.body).toBe(201);
    const { id } = own.json() as { id: string };
    const { rows } = await t.database.raw.query(`select created_by from transactions where id = $1`, [id]);
    expect(rows[0]?.created_by).toBe(w.users.church.id);
    const audit = await t.database.raw.query(`select user_id, action, ip_address from activity_log where entity_id = $1`, [id]);
    expect(audit.rows).toEqual([{ user_id: w.users.church.id, action: 'payment.push', ip_address: '127.0.0.1' }]);
    const other = await give(t, { institutionId: w.churchB.id, phone: phoneEnding(5), method: 'mobile', lines: [{ offeringTypeId: w.types.sinza.id, amount: 100_000 }], currency: 'TZS' }, { headers: headers.church });
    expect(other.statusCode).toBe(403);
    expect((await give(t, mobileGift(w, phoneEnding(5)), { headers: headers.admin })).statusCode).toBe(403);
    expect((await give(t, mobileGift(w, phoneEnding(5)), { headers: headers.branch })).statusCode).toBe(201);
    // A token that no longer works is not quietly treated as an anonymous gift.
    expect((await give(t, mobileGift(w, phoneEnding(5)), { headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).statusCode).toBe(401);
    const fresh = await createUser(t.database.db, { role: 'Church Treasurer', institutionId: w.churchA.id, forceChangePassword: true });
    const mustChange = (await signIn(t.app, fresh)).headers;
    expect((await give(t, mobileGift(w, phoneEnding(5)), { headers: mustChange })).json()).toMatchObject({ statusCode: 403, code: 'must_change_password' });
  });

  it('lists transactions by role: a church its own, a union its tree, a branch its institutions, the mosque only itself', async () => {
    const a = await completedGift('A');
    const b = await completedGift('B');
    await createTransaction(t.database.db, { institutionId: w.mosque.id, createdAt: clock.now(), method: 'cash', currency: 'TZS' });
    const ids = async (role: string) => new Set((await list(role)).data.map((row) => row.institution.id));
    expect(await ids('church')).toEqual(new Set([w.churchA.id]));
    expect(await ids('churchB')).toEqual(new Set([w.churchB.id]));
    expect(await ids('union')).toEqual(new Set([w.churchA.id, w.churchB.id]));
    expect(await ids('branch')).toEqual(new Set([w.churchA.id, w.churchB.id]));
    expect(await ids('mosque')).toEqual(new Set([w.mosque.id]));
    expect(await ids('admin')).toEqual(new Set([w.churchA.id, w.churchB.id, w.mosque.id]));
    const union = await list('union');
    expect(union.data.map((row) => row.id)).toEqual(expect.arrayContaining([a, b]));
    expect(union.count).toBe(union.data.length);
    const tzs = union.totals.find((total) => total.currency === 'TZS')!;
    expect(tzs.amount).toBe(union.data.reduce((sum, row) => sum + row.amount, 0));
    // Narrowing to an institution outside the caller's scope finds nothing.
    expect((await list('church', `&institutionId=${w.churchB.id}`)).data).toEqual([]);
    expect((await list('union', `&institutionId=${w.churchB.id}`)).data.every((row) => row.institution.id === w.churchB.id)).toBe(true);
  });

  it('filters by status, method, operator, search and date range', async () => {
    const refused = await give(t, mobileGift(w, phoneEnding(1, '68')));
    await t.settlePayments();
    const { id, referenceNo } = refused.json() as { id: string; referenceNo: string };
    expect((await list('church', '&status=failed')).data.map((row) => row.id)).toContain(id);
    expect((await list('church', '&status=completed')).data.every((row) => row.status === 'completed')).toBe(true);
    expect((await list('church', '&operator=airtel')).data.map((row) => row.id)).toEqual([id]);
    expect((await list('church', `&search=${referenceNo.toLowerCase()}`)).data.map((row) => row.id)).toEqual([id]);
    const failed = (await list('church', '&status=failed&method=mobile')).data.find((row) => row.id === id) as Row & { failedReason: string };
    expect(failed.failedReason).toBe('The payment was refused on the phone');
    const today = clock.now().toISOString().slice(0, 10);
    expect((await list('church', `&range=custom&from=2020-01-01&to=2020-01-31`)).count).toBe(0);
    expect((await list('church', `&range=custom&from=${today}&to=${today}`)).data.map((row) => row.id)).toContain(id);
    const bad = await t.app.inject({ method: 'GET', url: `/api/transactions?range=custom&from=${today}`, headers: headers.church });
    expect(bad.statusCode).toBe(400);
  });

  it('detail: lines, the balanced ledger entry, credits and history; another church gets 404', async () => {
    const id = await completedGift('A');
    const res = await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: headers.church });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as { lines: unknown[]; ledger: Array<{ debit: number; credit: number }>; credits: unknown[]; events: Array<{ outcome: string }>; receiptNo: string };
    expect(detail.lines).toHaveLength(2);
    expect(detail.ledger.reduce((s, l) => s + l.debit, 0)).toBe(detail.ledger.reduce((s, l) => s + l.credit, 0));
    expect(detail.credits).toHaveLength(3);
    expect(detail.events.map((e) => e.outcome)).toEqual(['created', 'push_sent', 'completed', 'credited']);
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: headers.churchB })).statusCode).toBe(404);
  });

  it('exports CSV and Excel with headings in the caller\'s language and amounts in shillings', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/transactions/export?range=7d&format=csv', headers: headers.church });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toContain('Reference number,Receipt number');
    expect(lines.length - 1).toBe(Number(csv.headers['x-export-count']));
    expect(lines.slice(1).some((line) => line.includes('13333'))).toBe(true);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/transactions/export?range=7d&format=xlsx', headers: headers.church });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Transactions')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Reference number');
    expect(sheet.rowCount - 1).toBe(Number(xlsx.headers['x-export-count']));
  });

  it('pending pushes: listed, "check status now" finds a lost callback, staff cancel a waiting push', async () => {
    const lost = await give(t, mobileGift(w, phoneEnding(4)), { headers: headers.church });
    const waiting = await give(t, mobileGift(w, phoneEnding(5)), { headers: headers.church });
    const lostId = (lost.json() as { id: string }).id;
    const waitingId = (waiting.json() as { id: string }).id;
    await t.selcom!.settle();
    const pending = await t.app.inject({ method: 'GET', url: '/api/payments/pending?limit=100', headers: headers.church });
    expect((pending.json() as { data: Row[] }).data.map((row) => row.id)).toEqual(expect.arrayContaining([lostId, waitingId]));
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/pending', headers: headers.churchB })).json()).toMatchObject({ count: 0 });

    const checked = await t.app.inject({ method: 'POST', url: `/api/payments/${lostId}/check`, headers: headers.church });
    expect(checked.json()).toMatchObject({ status: 'completed' });
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${lostId}/check`, headers: headers.churchB })).statusCode).toBe(404);

    const canceled = await t.app.inject({ method: 'POST', url: `/api/payments/${waitingId}/cancel`, headers: headers.church, payload: { reason: 'Wrong amount' } });
    expect(canceled.json()).toMatchObject({ status: 'canceled', reasonCode: 'canceled_by_staff', reason: 'Cancelled by staff' });
    expect(t.selcom!.order(waitingId)?.status).toBe('CANCELLED');
    const again = await t.app.inject({ method: 'POST', url: `/api/payments/${waitingId}/cancel`, headers: headers.church, payload: {} });
    expect(again.statusCode).toBe(409);
    // A person answering the (now gone) push changes nothing.
    expect(await t.selcom!.answer(waitingId, 'accept')).toBe(false);
    await expectMoneyInvariants(t, lostId);
    await expectMoneyInvariants(t, waitingId);
  });

  it('cancel needs push:update at the route: a viewer (bank admin, push:view) is refused before the body is read', async () => {
    const waiting = await give(t, mobileGift(w, phoneEnding(5)), { headers: headers.church });
    const { id } = waiting.json() as { id: string };
    // An over-long reason would be a 400 past the route rule; the viewer never gets that far.
    const tooLong = await t.app.inject({ method: 'POST', url: `/api/payments/${id}/cancel`, headers: headers.admin, payload: { reason: 'x'.repeat(201) } });
    expect(tooLong.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });
    const valid = await t.app.inject({ method: 'POST', url: `/api/payments/${id}/cancel`, headers: headers.admin, payload: { reason: 'Wrong amount' } });
    expect(valid.statusCode).toBe(403);
    expect((await paymentStatus(t, id)).status).toBe('pending');
    const denials = await t.database.raw.query(`select details from activity_log where user_id = $1 and action = 'access.denied' and details like '%/cancel'`, [w.users.admin.id]);
    expect(denials.rows).toEqual([{ details: 'forbidden POST /api/payments/:id/cancel' }, { details: 'forbidden POST /api/payments/:id/cancel' }]);
    const events = await t.database.raw.query(`select outcome from payment_events where transaction_id = $1 and source = 'cancel'`, [id]);
    expect(events.rows).toEqual([]);
    const canceled = await t.app.inject({ method: 'POST', url: `/api/payments/${id}/cancel`, headers: headers.church, payload: {} });
    expect(canceled.json()).toMatchObject({ status: 'canceled', reasonCode: 'canceled_by_staff' });
    await expectMoneyInvariants(t, id);
  });

  it('bank transfer: bank staff confirm the transfer with the amount received; a wrong amount is refused', async () => {
    const res = await give(t, { ...mobileGift(w, phoneEnding(5)), method: 'bank' });
    const { id } = res.json() as { id: string };
    const wrong = await t.app.inject({ method: 'POST', url: `/api/payments/${id}/confirm-transfer`, headers: headers.branch, payload: { bankReference: 'FT2606912345', amount: 1 } });
    expect(wrong.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${id}/confirm-transfer`, headers: headers.church, payload: { bankReference: 'FT2606912345', amount: 1_333_300 } })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: `/api/payments/${id}/confirm-transfer`, headers: headers.branch, payload: { bankReference: 'FT2606912345', amount: 1_333_300 } });
    expect(ok.json()).toMatchObject({ status: 'completed' });
    await t.settlePayments();
    expect(await expectMoneyInvariants(t, id)).toMatchObject({ fee: 0, creditStatus: 'credited' });
  });

  it('failed credits: an inactive account fails the credit; listed in scope; retried by authorised staff once fixed, never paid twice', async () => {
    await setAccountStatus(t.database.db, w.accounts.field, 'disabled');
    const id = await completedGift('A');
    expect(await expectMoneyInvariants(t, id)).toMatchObject({ status: 'completed', creditStatus: 'failed' });
    const failed = await t.app.inject({ method: 'GET', url: '/api/payments/failed-credits', headers: headers.union });
    const row = (failed.json() as { data: Array<{ id: string; reason: string; attempts: number }> }).data.find((r) => r.id === id)!;
    expect(row).toMatchObject({ attempts: 1, reason: 'No active bank account in TZS for Coast Field' });
    expect(((await t.app.inject({ method: 'GET', url: '/api/payments/failed-credits', headers: headers.mosque })).json() as { count: number }).count).toBe(0);

    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${id}/retry-credit`, headers: headers.church })).statusCode).toBe(403);
    const stillFailing = await t.app.inject({ method: 'POST', url: `/api/payments/${id}/retry-credit`, headers: headers.branch });
    expect(stillFailing.json()).toMatchObject({ creditStatus: 'failed', reason: 'No active bank account in TZS for Coast Field' });
    await setAccountStatus(t.database.db, w.accounts.field, 'activated');
    const retried = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/payments/${id}/retry-credit`, headers: headers.branch }),
      t.app.inject({ method: 'POST', url: `/api/payments/${id}/retry-credit`, headers: headers.admin }),
    ]);
    // Whichever comes second finds the credit done (409, or 200 "credited" when both saw it failed); it never pays again.
    expect(retried.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    for (const answer of retried.filter((r) => r.statusCode === 200)) expect(answer.json()).toMatchObject({ creditStatus: 'credited', reason: null });
    expect(await expectMoneyInvariants(t, id)).toMatchObject({ creditStatus: 'credited' });
    const { rows } = await t.database.raw.query(`select outcome, attempted_by from payment_credit_attempts where transaction_id = $1 order by id`, [id]);
    expect(rows.map((r) => r.outcome)).toEqual(['failed', 'failed', 'credited']);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${id}/retry-credit`, headers: headers.branch })).statusCode).toBe(409);
  });

  it('settlement history: per day and institution account, gross − fees = net = church + field + union shares', async () => {
    clock.advance(2 * 86_400_000);
    // Two days on, the sessions of the other tests have expired: sign in again.
    for (const role of ['union', 'church'] as const) headers[role] = { ...(await signIn(t.app, w.users[role])).headers, lang: 'en' };
    const day = new Date(clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const ids = [await completedGift('A'), await completedGift('A'), await completedGift('B')];
    const refused = await give(t, mobileGift(w, phoneEnding(1)));
    await t.settlePayments();
    expect((await paymentStatus(t, (refused.json() as { id: string }).id)).status).toBe('failed');
    const res = await t.app.inject({ method: 'GET', url: `/api/settlements?from=${day}&to=${day}`, headers: headers.union });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: Array<{ day: string; institution: { id: number }; count: number; gross: number; fees: number; net: number; shares: { church: number; field: number; union: number }; accountNumber: string }>; totals: Array<{ gross: number; count: number }> };
    const a = page.data.find((r) => r.institution.id === w.churchA.id)!;
    const b = page.data.find((r) => r.institution.id === w.churchB.id)!;
    expect(a).toMatchObject({ day, count: 2, gross: 2 * 1_333_300, fees: 2 * 13_333, net: 2 * (1_333_300 - 13_333) });
    expect(a.shares.church + a.shares.field + a.shares.union).toBe(a.net);
    expect(b).toMatchObject({ count: 1, gross: 500_000, fees: 5_000, net: 495_000, shares: { church: 495_000, field: 0, union: 0 } });
    expect(a.accountNumber).toMatch(/^0101/);
    const { rows } = await t.database.raw.query(`select sum(amount)::int as gross from transactions where id = any($1::uuid[])`, [ids]);
    expect(page.totals[0]).toMatchObject({ count: 3, gross: rows[0]?.gross });
    const church = await t.app.inject({ method: 'GET', url: `/api/settlements?from=${day}&to=${day}`, headers: headers.church });
    expect((church.json() as { data: Array<{ institution: { id: number } }> }).data.map((r) => r.institution.id)).toEqual([w.churchA.id]);
  });

  it('a user outside every scope (branch officer of another branch) sees nothing', async () => {
    const stranger = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.otherBranch.id });
    const h = (await signIn(t.app, stranger)).headers;
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions?range=6m', headers: h });
    const rows = (res.json() as { data: Row[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.institution.id === w.mosque.id)).toBe(true);
  });
});
