import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchInput } from '../../domain/api/receipts';
import { messages } from '../../domain/messages';
import { receiptBatches } from '../../server/db/schema/money';
import { batchEntry, countDeskRows, createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];
type BatchRow = { id: string; status: string; closedAt: string | null; receiptCount: number; total: number; name: string; serviceDate: string; currency: string; institutionId: number };

describe('counting batches (POST /api/receipt-batches/sync, GET /api/receipt-batches)', () => {
  let t: TestApp;
  let w: World;
  let type: OfferingTypeRow;
  let second: OfferingTypeRow;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    await createCurrency(t.database.db, { territory: 'United States', alphaCode: 'USD', numericCode: '840', value: '2585.5000' });
    await createCurrency(t.database.db, { territory: 'Kenya', alphaCode: 'KES', numericCode: '404', value: '20.0125', active: false });
    type = await createOfferingType(t.database.db, { institutionId: w.churchA.id });
    second = await createOfferingType(t.database.db, { institutionId: w.churchA.id, churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const post = (entries: unknown[], role: Role = 'church', lang?: string) => sync(t.app, 'receipt-batches', { ...headers[role], ...(lang ? { lang } : {}) }, entries);
  const open = (overrides: Partial<BatchInput> = {}) => batchEntry({ institutionId: w.churchA.id, ...overrides });
  const list = async (role: Role, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/receipt-batches${query}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: BatchRow[] }).data;
  };
  const stored = async (id: string) => (await t.database.db.select().from(receiptBatches).where(eq(receiptBatches.id, id)))[0];

  it('creates, answers replays as duplicate, and closes once (the close answered created)', async () => {
    const batch = open();
    expect(await post([batch])).toEqual([{ id: batch.id, status: 'created' }]);
    expect(await post([batch])).toEqual([{ id: batch.id, status: 'duplicate' }]);
    expect(await stored(batch.id)).toMatchObject({ status: 'open', closedAt: null, createdBy: w.users.church.id });
    const closed = { ...batch, closedAt: '2026-03-15T13:00:00+03:00' };
    expect(await post([closed])).toEqual([{ id: batch.id, status: 'created' }]);
    expect(await stored(batch.id)).toMatchObject({ status: 'closed', closedAt: new Date('2026-03-15T10:00:00Z') });
    // The same close again (any spelling of the instant), or the old creation arriving late: nothing changes.
    expect(await post([{ ...closed, closedAt: '2026-03-15T10:00:00Z' }, batch])).toEqual([
      { id: batch.id, status: 'duplicate' },
      { id: batch.id, status: 'duplicate' },
    ]);
    expect(await stored(batch.id)).toMatchObject({ status: 'closed', closedAt: new Date('2026-03-15T10:00:00Z') });
  });

  it('any other change under the same id is a conflict; closing again at another time is not (the first close stands)', async () => {
    const batch = open();
    await post([batch]);
    const renamed = await post([{ ...batch, name: 'Ibada ya pili' }], 'church', 'en');
    expect(renamed).toEqual([{ id: batch.id, status: 'conflict', message: messages.batchConflict.message, code: 'content_differs' }]);
    expect((await post([{ ...batch, serviceDate: '2026-03-16' }]))[0]?.status).toBe('conflict');
    expect((await post([{ ...batch, currency: 'USD' }]))[0]?.status).toBe('conflict');
    await post([{ ...batch, closedAt: '2026-03-15T10:00:00Z' }]);
    expect((await post([{ ...batch, closedAt: '2026-03-15T11:00:00Z' }]))[0]).toMatchObject({ status: 'duplicate', code: 'already_closed' });
    expect(await stored(batch.id)).toMatchObject({ name: batch.name, closedAt: new Date('2026-03-15T10:00:00Z') });
  });

  it('a batch may arrive already closed; two devices closing at once: one created, one duplicate', async () => {
    const closedFromStart = open({ closedAt: '2026-03-15T10:00:00Z' });
    expect((await post([closedFromStart]))[0]?.status).toBe('created');
    expect(await stored(closedFromStart.id)).toMatchObject({ status: 'closed' });
    const batch = open();
    await post([batch]);
    const close = { ...batch, closedAt: '2026-03-15T12:00:00Z' };
    const answers = await Promise.all([post([close]), post([close])]);
    expect(answers.map((a) => a[0]?.status).sort()).toEqual(['created', 'duplicate']);
  });

  it('refuses another institution, an inactive currency and invalid entries, writing nothing', async () => {
    const before = await countDeskRows(t.database);
    const results = await post([batchEntry({ institutionId: w.churchB.id }), open({ currency: 'KES' }), { ...open(), name: '' }], 'church', 'en');
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['rejected', 'forbidden', messages.receiptInstitutionNotAllowed.message],
      ['rejected', 'not_found', 'Currency KES is not in use'],
      ['rejected', 'invalid', 'Name can not be empty'],
    ]);
    expect(await countDeskRows(t.database)).toEqual(before);
    const union = await t.app.inject({ method: 'POST', url: '/api/receipt-batches/sync', headers: headers.union, payload: { batches: [open()] } });
    expect(union.statusCode).toBe(403);
  });

  it('lists batches with the count and total of their receipts; receipts must match the batch currency', async () => {
    const batch = open({ name: 'Jumapili 22', serviceDate: '2026-03-22' });
    const usd = open({ name: 'Dollar offering', currency: 'USD' });
    await post([batch, usd]);
    const receipts = [
      receiptEntry({ institutionId: w.churchA.id, batchId: batch.id, lines: [{ offeringTypeId: type.id, amount: 1_000_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, batchId: batch.id, lines: [{ offeringTypeId: type.id, amount: 200_000 }, { offeringTypeId: second.id, amount: 50_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, batchId: batch.id, method: 'cheque', chequeNo: '00012345', lines: [{ offeringTypeId: second.id, amount: 3_000_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, lines: [{ offeringTypeId: second.id, amount: 999 }] }),
    ];
    const wrongCurrency = receiptEntry({ institutionId: w.churchA.id, batchId: usd.id, lines: [{ offeringTypeId: type.id, amount: 100 }] });
    const results = await sync(t.app, 'cash-receipts', { ...headers.church, lang: 'en' }, [...receipts, wrongCurrency]);
    expect(results.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created', 'rejected']);
    expect(results[4]?.message).toBe('The receipt is in TZS but its batch counts USD');

    const rows = await list('church', `?institutionId=${w.churchA.id}`);
    expect(rows.find((r) => r.id === batch.id)).toEqual({
      id: batch.id,
      institutionId: w.churchA.id,
      name: 'Jumapili 22',
      serviceDate: '2026-03-22',
      currency: 'TZS',
      status: 'open',
      closedAt: null,
      receiptCount: 3,
      total: 4_250_000,
      openedAt: expect.any(String),
      stale: false,
      lateCount: 0,
      lateTotal: 0,
    });
    expect(rows.find((r) => r.id === usd.id)).toMatchObject({ receiptCount: 0, total: 0 });
    // Newest service first; filters by status.
    expect(rows[0]?.serviceDate).toBe('2026-03-22');
    expect((await list('church', '?status=closed')).every((r) => r.status === 'closed')).toBe(true);
    expect((await list('church', '?status=open')).map((r) => r.id)).toContain(batch.id);
  });

  it('is scoped: another church sees none of these, the union and bank staff see them, a foreign institutionId is refused', async () => {
    const batch = open({ name: 'Scoped' });
    await post([batch]);
    expect((await list('churchB')).map((r) => r.id)).not.toContain(batch.id);
    expect((await list('mosque')).map((r) => r.id)).not.toContain(batch.id);
    expect((await list('union')).map((r) => r.id)).toContain(batch.id);
    expect((await list('branch')).map((r) => r.id)).toContain(batch.id);
    const refused = await t.app.inject({ method: 'GET', url: `/api/receipt-batches?institutionId=${w.churchA.id}`, headers: headers.churchB });
    expect(refused.statusCode).toBe(403);
  });
});
