import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offeringTypes } from '../../server/db/schema/members';
import { ledgerEntries, ledgerLines, transactions } from '../../server/db/schema/money';
import { createCurrency, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';
import { give, paymentStatus, phoneEnding } from './payments-fixtures';

type Who = 'union' | 'church' | 'churchB' | 'mosque' | 'churchBAdmin';

describe('offering types per level, their divisions and their history', () => {
  let t: TestApp;
  let w: World;
  const h = {} as Record<Who, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    for (const who of ['union', 'church', 'churchB', 'mosque'] as const) h[who] = { ...(await signIn(t.app, w.users[who])).headers, lang: 'en' };
    // An administrator (offerings: all) of Sinza, a church that does not manage its own offering types.
    const admin = await createUser(t.database.db, { role: 'Mosque Administrator', institutionId: w.churchB.id });
    h.churchBAdmin = { ...(await signIn(t.app, admin)).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
  const typesTitled = (title: string) => t.database.db.select().from(offeringTypes).where(eq(offeringTypes.title, title));

  it('a total other than 100% is refused in the spec words, and nothing is stored', async () => {
    const over = await call('union', 'POST', '/api/offering-types', { title: 'Building', churchBp: 6000, fieldBp: 3000, unionBp: 2000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The total of the divisions cannot exceed 100%');
    const under = await call('union', 'POST', '/api/offering-types', { title: 'Building', churchBp: 5000, fieldBp: 3000, unionBp: 1000 });
    expect(under.json().message).toBe('The total of the divisions cannot fall below 100%');
    const sw = await t.app.inject({ method: 'POST', url: '/api/offering-types', headers: { ...h.union, lang: 'sw' }, payload: { title: 'Building', churchBp: 1, fieldBp: 0, unionBp: 0 } });
    expect(sw.json().message).toBe('Jumla ya mgawanyo haiwezi kuwa chini ya 100%');
    expect(await typesTitled('Building')).toEqual([]);
  });

  it('any total but exactly 10000 basis points is refused (property, through the route)', async () => {
    const bp = fc.integer({ min: 0, max: 10_000 });
    await fc.assert(
      fc.asyncProperty(bp, bp, bp, async (churchBp, fieldBp, unionBp) => {
        const title = `Prop ${churchBp}-${fieldBp}-${unionBp}`;
        const res = await call('mosque', 'POST', '/api/offering-types', { title, churchBp, fieldBp, unionBp });
        const whole = churchBp + fieldBp + unionBp === 10_000;
        expect(res.statusCode, res.body).toBe(whole ? 201 : 400);
        expect((await typesTitled(title)).length).toBe(whole ? 1 : 0);
      }),
      { numRuns: 40, examples: [[10_000, 0, 0], [0, 0, 10_000], [3334, 3333, 3333], [3333, 3333, 3333], [5000, 5000, 1]] },
    );
  });

  it('a union type reaches the churches that inherit; a self-managing church keeps its own; an inheriting church may not define one', async () => {
    const made = await call('union', 'POST', '/api/offering-types', { title: 'Building', churchBp: 6000, fieldBp: 3000, unionBp: 1000 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ institutionId: w.union.id, active: true, inherited: false, used: false, history: [{ churchBp: 6000, fieldBp: 3000, unionBp: 1000 }] });
    const copies = await typesTitled('Building');
    expect(copies.map((row) => row.institutionId).sort()).toEqual([w.union.id, w.churchB.id].sort());
    // The desk of Sinza lists it (GET /api/offering-types keeps its shape); Mwenge manages its own.
    const desk = (await call('churchB', 'GET', `/api/offering-types?institutionId=${w.churchB.id}`)).json().data;
    expect(desk.find((type: { title: string }) => type.title === 'Building')).toMatchObject({ churchBp: 6000, fieldBp: 3000, unionBp: 1000 });

    const refused = await call('churchBAdmin', 'POST', '/api/offering-types', { title: 'Own', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This church or mosque uses the offering types of Coast Union; they are managed there');
    const copy = copies.find((row) => row.institutionId === w.churchB.id)!;
    expect((await call('churchBAdmin', 'PUT', `/api/offering-types/${copy.id}`, { title: 'Mine', churchBp: 10_000, fieldBp: 0, unionBp: 0 })).statusCode).toBe(409);
    const settings = (await call('churchBAdmin', 'GET', '/api/offering-types/settings')).json();
    expect(settings).toMatchObject({ manages: false, managedBy: { id: w.union.id, title: 'Coast Union' } });
    expect(settings.data.find((type: { title: string }) => type.title === 'Building')).toMatchObject({ inherited: true });
    expect((await call('church', 'POST', '/api/offering-types', { title: 'X', churchBp: 10_000, fieldBp: 0, unionBp: 0 })).statusCode).toBe(403);
    expect((await call('mosque', 'PUT', `/api/offering-types/${made.json().id}`, { title: 'Stolen', churchBp: 10_000, fieldBp: 0, unionBp: 0 })).statusCode).toBe(404);
  });

  it('a division change leaves earlier ledger entries as posted and splits later money by the new shares', async () => {
    const db = t.database.db;
    const union = (await call('union', 'GET', `/api/offering-types/settings`)).json().data.find((type: { title: string }) => type.title === 'Building');
    const [copy] = await db.select().from(offeringTypes).where(and(eq(offeringTypes.sourceTypeId, union.id), eq(offeringTypes.institutionId, w.churchB.id)));
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const receipt = (receivedAt: string) => receiptEntry({ institutionId: w.churchB.id, receivedAt, lines: [{ offeringTypeId: copy!.id, amount: 100_000 }] });
    const credits = async (clientId: string) => {
      const [tx] = await db.select().from(transactions).where(eq(transactions.clientId, clientId));
      const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, tx!.id));
      const lines = await db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entry!.id));
      return Object.fromEntries(lines.filter((line) => line.credit > 0).map((line) => [line.account, line.credit]));
    };

    const before = receipt(at(5));
    expect((await sync(t.app, 'cash-receipts', h.churchB, [before]))[0]?.status).toBe('created');
    expect(await credits(before.id)).toEqual({ 'share:church': 60_000, 'share:field': 30_000, 'share:union': 10_000 });

    const changed = await call('union', 'PUT', `/api/offering-types/${union.id}`, { title: 'Building', churchBp: 5000, fieldBp: 2500, unionBp: 2500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().history.map((p: { churchBp: number }) => p.churchBp)).toEqual([6000, 5000]);
    expect(changed.json().used).toBe(true);

    const after = receipt(at(0));
    // Recorded offline before the change, synced after it: split as on the day it was received.
    const lateSync = receipt(at(3));
    expect((await sync(t.app, 'cash-receipts', h.churchB, [after, lateSync])).map((r) => r.status)).toEqual(['created', 'created']);
    expect(await credits(after.id)).toEqual({ 'share:church': 50_000, 'share:field': 25_000, 'share:union': 25_000 });
    expect(await credits(lateSync.id)).toEqual({ 'share:church': 60_000, 'share:field': 30_000, 'share:union': 10_000 });
    expect(await credits(before.id)).toEqual({ 'share:church': 60_000, 'share:field': 30_000, 'share:union': 10_000 });
  });

  it('online payments too: one completed before a division change keeps its split; one completed after it is split by the new shares', async () => {
    const db = t.database.db;
    const made = await call('union', 'POST', '/api/offering-types', { title: 'Harvest', churchBp: 6000, fieldBp: 3000, unionBp: 1000 });
    expect(made.statusCode, made.body).toBe(201);
    const [copy] = await db.select().from(offeringTypes).where(and(eq(offeringTypes.sourceTypeId, made.json().id), eq(offeringTypes.institutionId, w.churchB.id)));
    // Through the payments engine and the Selcom simulator: a phone ending in 0 accepts at once, 5 waits for the handset.
    const start = async (digit: number) => {
      const res = await give(t, { institutionId: w.churchB.id, phone: phoneEnding(digit), method: 'mobile', currency: 'TZS', lines: [{ offeringTypeId: copy!.id, amount: 100_000 }] });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const posted = async (paymentId: string) => {
      const { rows } = await t.database.raw.query(
        `select l.account, l.institution_id, l.credit::int as credit from ledger_lines l join ledger_entries e on e.id = l.entry_id where e.transaction_id = $1 and l.credit > 0 order by l.id`,
        [paymentId],
      );
      return rows;
    };
    // 100,000 less the 1% fee (1,000) leaves 99,000 to split; the holders are Sinza, its field and its union.
    const split = (church: number, field: number, union: number) => [
      { account: 'fees', institution_id: null, credit: 1_000 },
      { account: 'share:church', institution_id: w.churchB.id, credit: church },
      { account: 'share:field', institution_id: w.field.id, credit: field },
      { account: 'share:union', institution_id: w.union.id, credit: union },
    ];

    const before = await start(0);
    const waiting = await start(5);
    await t.settlePayments();
    expect((await paymentStatus(t, before)).status).toBe('completed');
    expect((await paymentStatus(t, waiting)).status).toBe('pending');
    expect(await posted(before)).toEqual(split(59_400, 29_700, 9_900));
    expect(await posted(waiting)).toEqual([]);

    const changed = await call('union', 'PUT', `/api/offering-types/${made.json().id}`, { title: 'Harvest', churchBp: 5000, fieldBp: 2500, unionBp: 2500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().used).toBe(true);

    // Started before the change, accepted on the handset after it: the money arrives after, so the new shares.
    expect(await t.selcom!.answer(waiting, 'accept')).toBe(true);
    const after = await start(0);
    await t.settlePayments();
    expect((await paymentStatus(t, waiting)).status).toBe('completed');
    expect((await paymentStatus(t, after)).status).toBe('completed');
    expect(await posted(after)).toEqual(split(49_500, 24_750, 24_750));
    expect(await posted(waiting)).toEqual(split(49_500, 24_750, 24_750));
    expect(await posted(before)).toEqual(split(59_400, 29_700, 9_900));
  });

  it('a used type is deactivated, not deleted; an unused one may be deleted with its copies', async () => {
    const db = t.database.db;
    const union = (await call('union', 'GET', '/api/offering-types/settings')).json().data.find((type: { title: string }) => type.title === 'Building');
    const refused = await call('union', 'DELETE', `/api/offering-types/${union.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This offering type has been used, so it can only be deactivated']);
    const off = await call('union', 'PUT', `/api/offering-types/${union.id}`, { title: 'Building', churchBp: 5000, fieldBp: 2500, unionBp: 2500, active: false });
    expect(off.json().active).toBe(false);
    const desk = (await call('churchB', 'GET', `/api/offering-types?institutionId=${w.churchB.id}`)).json().data;
    expect(desk.map((type: { title: string }) => type.title)).not.toContain('Building');

    const spare = (await call('union', 'POST', '/api/offering-types', { title: 'Spare', churchBp: 10_000, fieldBp: 0, unionBp: 0 })).json();
    expect((await typesTitled('Spare')).length).toBe(2);
    expect((await call('union', 'DELETE', `/api/offering-types/${spare.id}`)).statusCode).toBe(204);
    expect(await db.select().from(offeringTypes).where(inArray(offeringTypes.title, ['Spare']))).toEqual([]);
  });
});
