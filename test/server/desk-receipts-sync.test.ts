import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashReceiptInput } from '../../domain/api/receipts';
import { fieldLabels, messages } from '../../domain/messages';
import { smsMessages } from '../../server/db/schema/messaging';
import { ledgerEntries, ledgerLines, transactionLines, transactions } from '../../server/db/schema/money';
import { countDeskRows, createCurrency, createOfferingType, memberEntry, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('POST /api/cash-receipts/sync: stored exactly once, answered per entry', () => {
  let t: TestApp;
  let w: World;
  let tithe: OfferingTypeRow;
  let offering: OfferingTypeRow;
  let retired: OfferingTypeRow;
  let churchBType: OfferingTypeRow;
  const headers = {} as Record<Role, Record<string, string>>;
  const clock = new Date('2026-03-15T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    await createCurrency(db, { territory: 'Kenya', alphaCode: 'KES', numericCode: '404', value: '20.0125', active: false });
    tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka', churchBp: 0, fieldBp: 5000, unionBp: 5000 });
    offering = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka' });
    retired = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Old fund', active: 0 });
    churchBType = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sadaka' });
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const envelope = (overrides: Partial<CashReceiptInput> = {}) =>
    receiptEntry({ institutionId: w.churchA.id, lines: [{ offeringTypeId: tithe.id, amount: 1_000_000 }, { offeringTypeId: offering.id, amount: 500_000 }], ...overrides });
  const post = (entries: unknown[], role: Role = 'church', lang?: string) =>
    sync(t.app, 'cash-receipts', { ...headers[role], ...(lang ? { lang } : {}) }, entries);

  // Issue 10, security item 7: a conflict answer never carries another tenant's data.
  it('answers a receipt or member id another church already used with a bare conflict', async () => {
    const theirs = envelope({ receiptNo: 'MWG-X-0001' });
    expect((await post([theirs]))[0]).toMatchObject({ status: 'created', receiptNo: 'MWG-X-0001' });
    const reused = { ...receiptEntry({ institutionId: w.churchB.id, lines: [{ offeringTypeId: churchBType.id, amount: 700 }] }), id: theirs.id };
    const [answer] = await post([reused], 'churchB');
    expect(answer).toEqual({ id: theirs.id, status: 'conflict', message: expect.any(String), code: 'content_differs' });
    expect(JSON.stringify(answer)).not.toContain('MWG-X-0001');

    const member = memberEntry({ institutionId: w.churchA.id, phone: '+255754000901' });
    const [created] = await sync(t.app, 'members', headers.church, [member]);
    expect(created).toMatchObject({ status: 'created' });
    const [clash] = await sync(t.app, 'members', headers.churchB, [{ ...memberEntry({ institutionId: w.churchB.id, phone: '+255754000902' }), id: member.id }]);
    expect(clash).toEqual({ id: member.id, status: 'conflict', message: expect.any(String), code: 'content_differs' });
  });

  it('stores the transaction, its lines and a balanced ledger entry in the right accounts', async () => {
    const entry = envelope({ receiptNo: 'MWG-T1-0001', note: 'Envelope 12' });
    const [result] = await post([entry]);
    expect(result).toEqual({ id: entry.id, status: 'created', receiptNo: 'MWG-T1-0001' });
    const db = t.database.db;
    const [row] = await db.select().from(transactions).where(eq(transactions.clientId, entry.id));
    expect(row).toMatchObject({
      institutionId: w.churchA.id,
      method: 'cash',
      status: 'completed',
      amount: 1_500_000,
      currency: 'TZS',
      payerName: 'Asha Mgeni',
      payerPhone: '+255754000111',
      memberId: null,
      receiptNo: 'MWG-T1-0001',
      note: 'Envelope 12',
      createdBy: w.users.church.id,
    });
    expect(row!.receivedAt.toISOString()).toBe('2026-03-15T06:30:00.000Z');
    const lines = await db.select().from(transactionLines).where(eq(transactionLines.transactionId, row!.id)).orderBy(transactionLines.id);
    expect(lines.map((l) => [l.offeringTypeId, l.amount])).toEqual([[tithe.id, 1_000_000], [offering.id, 500_000]]);
    const [entryRow] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, row!.id));
    const postings = await db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entryRow!.id)).orderBy(ledgerLines.id);
    const simple = postings.map((p) => [p.account, p.institutionId, p.offeringTypeId, p.debit, p.credit]);
    expect(simple).toEqual([
      ['clearing', w.churchA.id, null, 1_500_000, 0],
      // Zaka: nothing for the church (a zero share gets no line), half each to field and union.
      ['share:field', w.field.id, tithe.id, 0, 500_000],
      ['share:union', w.union.id, tithe.id, 0, 500_000],
      ['share:church', w.churchA.id, offering.id, 0, 300_000],
      ['share:field', w.field.id, offering.id, 0, 125_000],
      ['share:union', w.union.id, offering.id, 0, 75_000],
    ]);
  });

  it('replaying a whole batch answers duplicate for each, in order, with the original numbers, and adds no rows', async () => {
    const batch = Array.from({ length: 12 }, (_, i) => envelope(i % 3 === 0 ? {} : { receiptNo: `MWG-T2-${String(i).padStart(4, '0')}` }));
    const first = await post(batch);
    expect(first.map((r) => [r.id, r.status])).toEqual(batch.map((b) => [b.id, 'created']));
    // Receipts sent without a number get one from the server; the replay must return that same one.
    expect(first.filter((r, i) => i % 3 === 0).every((r) => /^RC-/.test(r.receiptNo ?? ''))).toBe(true);
    const before = await countDeskRows(t.database);
    const again = await post(batch);
    expect(again).toEqual(first.map((r) => ({ id: r.id, status: 'duplicate', receiptNo: r.receiptNo })));
    expect(await countDeskRows(t.database)).toEqual(before);
  });

  it('the same content spelled differently (key order, time zone, trimmed text) is still a duplicate', async () => {
    const entry = envelope({ receivedAt: '2026-03-15T09:30:00+03:00', payer: { name: 'Asha Mgeni', phone: '+255754000111' } });
    await post([entry]);
    const respelled = { lines: entry.lines, payer: { phone: '+255754000111', name: '  Asha Mgeni ' }, receivedAt: '2026-03-15T06:30:00Z', method: 'cash', currency: 'TZS', institutionId: w.churchA.id, id: entry.id };
    const [result] = await post([respelled]);
    expect(result?.status).toBe('duplicate');
  });

  it('a changed body under the same id is a conflict, and the stored receipt is untouched', async () => {
    const entry = envelope();
    const [created] = await post([entry]);
    const before = await countDeskRows(t.database);
    const changed = { ...entry, lines: [{ offeringTypeId: tithe.id, amount: 1_000_001 }] };
    const [en] = await post([changed], 'church', 'en');
    expect(en).toEqual({ id: entry.id, status: 'conflict', receiptNo: created!.receiptNo, message: messages.receiptConflict.message, code: 'content_differs' });
    const [sw] = await post([changed], 'church', 'sw');
    expect(sw?.message).toBe(t.ctx.translator.t('sw', messages.receiptConflict));
    expect(await countDeskRows(t.database)).toEqual(before);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.clientId, entry.id));
    expect(row!.amount).toBe(1_500_000);
  });

  it('a loose offering (no giver) and a walk-in with a name and no phone are created, counted per offering type, with no SMS', async () => {
    const loose = envelope({ payer: undefined, lines: [{ offeringTypeId: offering.id, amount: 73_500 }] });
    delete (loose as { payer?: unknown }).payer;
    const nameOnly = envelope({ payer: { name: 'Mzee Juma' }, lines: [{ offeringTypeId: tithe.id, amount: 20_000 }] });
    const before = await countDeskRows(t.database);
    const results = await post([loose, nameOnly]);
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    const after = await countDeskRows(t.database);
    expect([after.transactions - before.transactions, after.ledger_entries - before.ledger_entries, after.sms_messages - before.sms_messages]).toEqual([2, 2, 0]);
    const db = t.database.db;
    const rows = await db.select().from(transactions).where(inArray(transactions.clientId, [loose.id, nameOnly.id]));
    const byId = new Map(rows.map((row) => [row.clientId, row]));
    expect(byId.get(loose.id)).toMatchObject({ memberId: null, payerName: null, payerPhone: null, amount: 73_500, receiptSmsId: null });
    expect(byId.get(nameOnly.id)).toMatchObject({ memberId: null, payerName: 'Mzee Juma', payerPhone: null, amount: 20_000, receiptSmsId: null });
    const looseLines = await db.select().from(transactionLines).where(eq(transactionLines.transactionId, byId.get(loose.id)!.id));
    expect(looseLines.map((line) => [line.offeringTypeId, line.amount])).toEqual([[offering.id, 73_500]]);
    // A replay is a duplicate like any other receipt.
    expect((await post([loose]))[0]).toMatchObject({ id: loose.id, status: 'duplicate' });
  });

  it('50 concurrent posts of the same receipt create exactly one', async () => {
    const entry = envelope({ receiptNo: 'MWG-T3-0001' });
    const before = await countDeskRows(t.database);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: '/api/cash-receipts/sync', headers: headers.church, payload: { receipts: [entry] } })),
    );
    const statuses = responses.map((res) => (res.json() as { results: Array<{ status: string; receiptNo: string }> }).results[0]);
    expect(statuses.filter((s) => s?.status === 'created')).toHaveLength(1);
    expect(statuses.filter((s) => s?.status === 'duplicate')).toHaveLength(49);
    expect(new Set(statuses.map((s) => s?.receiptNo))).toEqual(new Set(['MWG-T3-0001']));
    const after = await countDeskRows(t.database);
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.transaction_lines - before.transaction_lines).toBe(2);
    expect(after.ledger_entries - before.ledger_entries).toBe(1);
    expect(after.sms_messages - before.sms_messages).toBe(1);
  });

  it('50 concurrent posts over real HTTP also create exactly one', async () => {
    const entry = envelope();
    const before = await countDeskRows(t.database);
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await fetch(`${t.baseUrl}/api/cash-receipts/sync`, {
          method: 'POST',
          headers: { ...headers.church, 'content-type': 'application/json' },
          body: JSON.stringify({ receipts: [entry] }),
        });
        return ((await res.json()) as { results: Array<{ status: string }> }).results[0]?.status;
      }),
    );
    expect(answers.filter((s) => s === 'created')).toHaveLength(1);
    expect(answers.filter((s) => s === 'duplicate')).toHaveLength(49);
    expect((await countDeskRows(t.database)).transactions - before.transactions).toBe(1);
  });

  it('a treasurer cannot sync into another institution: rejected, nothing written, the rest of the batch goes ahead', async () => {
    const mine = envelope();
    const theirs = receiptEntry({ institutionId: w.churchB.id, lines: [{ offeringTypeId: churchBType.id, amount: 10_000 }] });
    const mosques = receiptEntry({ institutionId: w.mosque.id, lines: [{ offeringTypeId: churchBType.id, amount: 10_000 }] });
    const before = await countDeskRows(t.database);
    const results = await post([theirs, mine, mosques], 'church', 'en');
    expect(results.map((r) => [r.id, r.status, r.code])).toEqual([
      [theirs.id, 'rejected', 'forbidden'],
      [mine.id, 'created', undefined],
      [mosques.id, 'rejected', 'forbidden'],
    ]);
    expect(results[0]?.message).toBe(messages.receiptInstitutionNotAllowed.message);
    const after = await countDeskRows(t.database);
    expect(after.transactions - before.transactions).toBe(1);
    const [stored] = await t.database.db.select().from(transactions).where(eq(transactions.clientId, theirs.id));
    expect(stored).toBeUndefined();
    // The other church's own treasurer may; a union administrator (no cashReceipts grant) may not sync at all.
    expect((await post([theirs], 'churchB'))[0]?.status).toBe('created');
    const union = await t.app.inject({ method: 'POST', url: '/api/cash-receipts/sync', headers: headers.union, payload: { receipts: [envelope()] } });
    expect(union.statusCode).toBe(403);
  });

  it('checks what a receipt names: offering types, currency, member and batch of the same institution', async () => {
    const db = t.database.db;
    const otherMember = await createMember(db, { institutionId: w.churchB.id });
    const before = await countDeskRows(t.database);
    const cases: Array<[Partial<CashReceiptInput>, string, string]> = [
      [{ lines: [{ offeringTypeId: churchBType.id, amount: 100 }] }, 'not_found', `Offering type ${churchBType.id} does not belong`],
      [{ lines: [{ offeringTypeId: retired.id, amount: 100 }] }, 'not_found', `Offering type ${retired.id} does not belong`],
      [{ currency: 'KES' }, 'not_found', 'Currency KES is not in use'],
      [{ currency: 'EUR' }, 'not_found', 'Currency EUR is not in use'],
      [{ memberId: otherMember.id, payer: undefined }, 'not_found', `Member ${otherMember.id} was not found`],
      [{ memberClientId: '0195f3b2-7c1a-7000-8000-000000000001', payer: undefined }, 'waiting_for_member', 'has not reached the server yet'],
      [{ batchId: '0195f3b2-7c1a-7000-8000-0000000000ba' }, 'waiting_for_batch', 'batch of this receipt has not reached the server'],
    ];
    for (const [overrides, code, text] of cases) {
      const [result] = await post([envelope(overrides)], 'church', 'en');
      expect(result, JSON.stringify(overrides)).toMatchObject({ status: 'rejected', code });
      expect(result!.message).toContain(text);
    }
    expect(await countDeskRows(t.database)).toEqual(before);
  });

  it('an invalid entry is rejected with a localised message naming the field, in English and Swahili', async () => {
    const label = (key: keyof typeof fieldLabels, lang: 'sw' | 'en') => t.ctx.translator.t(lang, fieldLabels[key]);
    const noLines = { ...envelope(), lines: undefined };
    const wordyAmount = envelope({ lines: [{ offeringTypeId: tithe.id, amount: 'elfu kumi' as unknown as number }] });
    const chequeWithoutNumber = envelope({ method: 'cheque' });
    const twoGivers = envelope({ memberId: 1, payer: { name: 'Asha Mgeni' } });
    const before = await countDeskRows(t.database);
    const en = await post([noLines, wordyAmount, chequeWithoutNumber, twoGivers, 'not an object'], 'church', 'en');
    expect(en.map((r) => [r.status, r.message])).toEqual([
      ['rejected', 'Offering lines can not be empty'],
      ['rejected', 'Amount needs to be digits'],
      ['rejected', 'Cheque number can not be empty'],
      ['rejected', messages.receiptOneGiver.message],
      ['rejected', messages.badRequest.message],
    ]);
    expect(en.map((r) => r.id)).toEqual([noLines.id, wordyAmount.id, chequeWithoutNumber.id, twoGivers.id, '']);
    const sw = await post([noLines, wordyAmount, chequeWithoutNumber], 'church', 'sw');
    // Swahili templates from the catalog; field names in Swahili once the lead merges locales/pending.
    expect(sw.map((r) => r.message)).toEqual([
      `${label('lines', 'sw')} haiwezi kuwa tupu`,
      `${label('amount', 'sw')} lazima iwe tarakimu`,
      `${label('chequeNo', 'sw')} haiwezi kuwa tupu`,
    ]);
    expect(await countDeskRows(t.database)).toEqual(before);
  });

  it('a bad body is a localised 400 and writes nothing', async () => {
    const before = await countDeskRows(t.database);
    const send = (payload: unknown, lang: string) => t.app.inject({ method: 'POST', url: '/api/cash-receipts/sync', headers: { ...headers.church, lang }, payload: payload as object });
    const notArray = await send({ receipts: { id: 'x' } }, 'en');
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json()).toMatchObject({ code: 'validation', message: 'Receipts is not valid' });
    expect((await send({ receipts: 'x' }, 'sw')).json().message).toBe(`${t.ctx.translator.t('sw', fieldLabels.receipts)} si sahihi`);
    const tooMany = await send({ receipts: Array.from({ length: 101 }, () => envelope()) }, 'en');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Send at most 100 entries in one request');
    const tooManySw = await send({ receipts: Array.from({ length: 101 }, () => envelope()) }, 'sw');
    expect(tooManySw.json().message).toBe(t.ctx.translator.t('sw', messages.receiptSyncTooMany, { max: 100 }));
    const empty = await send({ receipts: [] }, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Send at least one entry');
    const missing = await send({}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Receipts can not be empty');
    expect(await countDeskRows(t.database)).toEqual(before);
  });

  it('a receipt number already used in the institution is replaced by a server number, and said so', async () => {
    const first = envelope({ receiptNo: 'MWG-T4-0001' });
    const second = envelope({ receiptNo: 'MWG-T4-0001' });
    const [a, b] = await post([first, second], 'church', 'en');
    expect(a).toMatchObject({ status: 'created', receiptNo: 'MWG-T4-0001' });
    expect(b).toMatchObject({ status: 'created', code: 'receipt_no_replaced' });
    expect(b!.receiptNo).toMatch(/^RC-/);
    expect(b!.message).toBe(`Receipt number MWG-T4-0001 was already used in this institution; this receipt is numbered ${b!.receiptNo}`);
    // Replaying the second gives the number it was actually stored under.
    expect((await post([second]))[0]).toEqual({ id: second.id, status: 'duplicate', receiptNo: b!.receiptNo });
    // Another church may use the same number.
    const elsewhere = receiptEntry({ institutionId: w.churchB.id, receiptNo: 'MWG-T4-0001', lines: [{ offeringTypeId: churchBType.id, amount: 100 }] });
    expect((await post([elsewhere], 'churchB'))[0]).toMatchObject({ status: 'created', receiptNo: 'MWG-T4-0001' });
  });

  it('records who recorded the money movement in the activity log', async () => {
    const entry = envelope();
    await post([entry]);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.clientId, entry.id));
    const { rows } = await t.database.raw.query(`select user_id, action, details from activity_log where entity_id = $1`, [row!.id]);
    expect(rows).toEqual([{ user_id: w.users.church.id, action: 'cash-receipt.recorded', details: expect.stringContaining('1500000 TZS') }]);
  });

  it('one request of 100 mixing new, replayed, changed, invalid and out-of-scope entries: answers in order, exactly the new rows', async () => {
    const db = t.database.db;
    const member = await createMember(db, { institutionId: w.churchA.id, firstName: 'Neema', lastName: 'Mushi' });
    const otherMember = await createMember(db, { institutionId: w.churchB.id });
    const earlier = Array.from({ length: 40 }, (_, i) => envelope(i % 2 ? { receiptNo: `MWG-T6-${String(i).padStart(4, '0')}` } : {}));
    const stored = await post(earlier);
    expect(stored.every((r) => r.status === 'created')).toBe(true);

    // Names that need escaping in a PostgreSQL array literal, since the rows travel as arrays.
    const awkward = ['Asha "Mama" Mgeni', 'Juma, Bakari', 'Neema {Kwaya}', 'Back\\slash', "O'Brien Mushi"];
    type Expected = { status: string; code?: string; receiptNo?: string; lines?: number };
    const entries: unknown[] = [];
    const expected: Expected[] = [];
    const fresh = (i: number) => {
      const lines = i % 3 === 0 ? [{ offeringTypeId: tithe.id, amount: 1_000 + i }, { offeringTypeId: offering.id, amount: 500 }] : [{ offeringTypeId: offering.id, amount: 2_000 + i }];
      const giver = i % 4 === 0 ? { memberId: member.id, payer: undefined } : { payer: { name: awkward[i % awkward.length]!, phone: `+2557540${String(i).padStart(5, '0')}` } };
      return envelope({ ...giver, lines, ...(i % 2 ? { receiptNo: `MWG-T6-N${String(i).padStart(3, '0')}` } : {}) });
    };
    const invalid = [
      () => [envelope({ lines: [{ offeringTypeId: tithe.id, amount: 'elfu' as unknown as number }] }), 'invalid'] as const,
      () => [envelope({ lines: [{ offeringTypeId: churchBType.id, amount: 100 }] }), 'not_found'] as const,
      () => [envelope({ currency: 'KES' }), 'not_found'] as const,
      () => [envelope({ memberId: otherMember.id, payer: undefined }), 'not_found'] as const,
      () => [envelope({ receivedAt: '2026-03-22T09:30:00+03:00' }), 'invalid'] as const,
    ];
    for (let i = 0; i < 100; i++) {
      const k = Math.floor(i / 5);
      if (i % 5 === 0) {
        const entry = fresh(i);
        entries.push(entry);
        expected.push({ status: 'created', lines: entry.lines.length, ...(entry.receiptNo ? { receiptNo: entry.receiptNo } : {}) });
      } else if (i % 5 === 1) {
        entries.push(earlier[k]);
        expected.push({ status: 'duplicate', receiptNo: stored[k]!.receiptNo! });
      } else if (i % 5 === 2) {
        entries.push({ ...earlier[20 + k]!, note: 'changed' });
        expected.push({ status: 'conflict', code: 'content_differs', receiptNo: stored[20 + k]!.receiptNo! });
      } else if (i % 5 === 3) {
        const [entry, code] = invalid[k % invalid.length]!();
        entries.push(entry);
        expected.push({ status: 'rejected', code });
      } else {
        entries.push(receiptEntry({ institutionId: w.churchB.id, lines: [{ offeringTypeId: churchBType.id, amount: 10_000 }] }));
        expected.push({ status: 'rejected', code: 'forbidden' });
      }
    }
    // Entries whose answer depends on an earlier one of the same request: the same new receipt
    // again (a duplicate of what this request stored), the same id with other content, and a
    // receipt number already stored (replaced by a server number).
    const first = entries[0] as CashReceiptInput;
    entries[95] = first;
    expected[95] = { status: 'duplicate' };
    entries[98] = { ...first, note: 'other content' };
    expected[98] = { status: 'conflict', code: 'content_differs' };
    entries[90] = envelope({ receiptNo: 'MWG-T6-0001' });
    expected[90] = { status: 'created', code: 'receipt_no_replaced', lines: 2 };

    const before = await countDeskRows(t.database);
    const results = await post(entries, 'church', 'en');
    expect(results.map((r) => r.id)).toEqual(entries.map((e) => (e as { id: string }).id));
    results.forEach((result, i) => {
      const want = expected[i]!;
      expect({ i, status: result.status, code: result.code }, JSON.stringify(result)).toEqual({ i, status: want.status, code: want.code });
      if (want.receiptNo) expect(result.receiptNo, `entry ${i}`).toBe(want.receiptNo);
    });
    expect(results[95]!.receiptNo).toBe(results[0]!.receiptNo);
    expect(results[90]!.receiptNo).toMatch(/^RC-/);
    expect(results.filter((r) => r.status === 'created' && !r.receiptNo)).toEqual([]);

    // The 20 slots of new envelopes less 95, which sends entry 0 again (90 is new, with a taken number).
    const createdIds = results.flatMap((r, i) => (r.status === 'created' ? [{ id: r.id, i }] : []));
    expect(createdIds).toHaveLength(19);
    const newLines = createdIds.reduce((sum, { i }) => sum + expected[i]!.lines!, 0);
    const after = await countDeskRows(t.database);
    expect({
      transactions: after.transactions - before.transactions,
      transaction_lines: after.transaction_lines - before.transaction_lines,
      ledger_entries: after.ledger_entries - before.ledger_entries,
      sms_messages: after.sms_messages - before.sms_messages,
      activity_log: after.activity_log - before.activity_log,
      members: after.members - before.members,
    }).toEqual({ transactions: 19, transaction_lines: newLines, ledger_entries: 19, sms_messages: 19, activity_log: 19, members: 0 });

    const rows = await db.select().from(transactions).where(inArray(transactions.clientId, createdIds.map((c) => c.id)));
    const byClient = new Map(rows.map((row) => [row.clientId, row]));
    for (const { id, i } of createdIds) {
      const row = byClient.get(id)!;
      const sent = entries[i] as CashReceiptInput;
      expect(row.receiptNo).toBe(results[i]!.receiptNo);
      expect(row.amount).toBe(sent.lines.reduce((sum, line) => sum + line.amount, 0));
      expect(row.payerName).toBe(sent.payer ? sent.payer.name : 'Neema Mushi');
      expect(row.receiptSmsId).not.toBeNull();
    }
    const sms = await db.select().from(smsMessages).where(inArray(smsMessages.id, rows.map((row) => row.receiptSmsId!)));
    expect(new Set(sms.map((m) => m.receiver))).toEqual(new Set(rows.map((row) => row.payerPhone)));
    // Nothing stored for what was refused, and the changed receipts are as first stored.
    const refused = results.flatMap((r, i) => (r.status === 'rejected' ? [(entries[i] as { id?: string }).id ?? ''] : [])).filter((id) => /^[0-9a-f-]{36}$/.test(id));
    expect(await db.select().from(transactions).where(inArray(transactions.clientId, refused))).toEqual([]);
    const changed = await db.select({ note: transactions.note }).from(transactions).where(inArray(transactions.clientId, earlier.slice(20).map((e) => e.id)));
    expect(changed.every((row) => row.note === null)).toBe(true);

    // The whole request again: every new receipt is now a duplicate with its number, nothing is written.
    const again = await post(entries, 'church', 'en');
    const settled = await countDeskRows(t.database);
    expect(settled).toEqual(after);
    again.forEach((result, i) => {
      const first = results[i]!;
      if (first.status === 'created') expect(result).toEqual({ id: first.id, status: 'duplicate', receiptNo: first.receiptNo });
      else if (i !== 98) expect(result.status).toBe(first.status);
    });
  });

  it('an id in capitals names the same receipt, as PostgreSQL compares UUIDs', async () => {
    const upper = envelope();
    upper.id = upper.id.toUpperCase();
    const [created] = await post([upper]);
    expect(created).toMatchObject({ id: upper.id, status: 'created' });
    expect(await post([upper])).toEqual([{ id: upper.id, status: 'duplicate', receiptNo: created!.receiptNo }]);
    // In one request: the second spelling is judged against what the first stored.
    const fresh = envelope();
    const results = await post([{ ...fresh, id: fresh.id.toUpperCase() }, fresh]);
    expect(results.map((r) => r.status)).toEqual(['created', 'conflict']);
    expect(results[1]!.receiptNo).toBe(results[0]!.receiptNo);
  });

  it('a date received more than 12 hours ahead of the server clock is rejected; up to 12 hours ahead is accepted', async () => {
    const inEleven = envelope({ receivedAt: '2026-03-15T21:00:00Z' });
    const atTwelve = envelope({ receivedAt: '2026-03-16T01:00:00+03:00' });
    const pastTwelve = envelope({ receivedAt: '2026-03-15T22:00:01Z' });
    const nextWeek = envelope({ receivedAt: '2026-03-22T09:30:00+03:00' });
    const before = await countDeskRows(t.database);
    const en = await post([inEleven, atTwelve, pastTwelve, nextWeek], 'church', 'en');
    expect(en).toEqual([
      { id: inEleven.id, status: 'created', receiptNo: expect.stringMatching(/^RC-/) },
      { id: atTwelve.id, status: 'created', receiptNo: expect.stringMatching(/^RC-/) },
      { id: pastTwelve.id, status: 'rejected', code: 'invalid', message: 'The date received cannot be in the future' },
      { id: nextWeek.id, status: 'rejected', code: 'invalid', message: 'The date received cannot be in the future' },
    ]);
    expect((await countDeskRows(t.database)).transactions - before.transactions).toBe(2);
    const [sw] = await post([pastTwelve], 'church', 'sw');
    expect(sw).toEqual({ id: pastTwelve.id, status: 'rejected', code: 'invalid', message: t.ctx.translator.t('sw', messages.receiptReceivedInFuture) });
  });

  it('an entry with a NUL character is refused on its own, and its neighbours are stored', async () => {
    // PostgreSQL text cannot hold NUL: the per-entry schema now refuses it before any insert (it used
    // to reach the database and fail the multi-row insert of the whole request).
    const good = [envelope(), envelope({ receiptNo: 'MWG-T7-0001' }), envelope({ note: 'Bahasha 7' })];
    const poison = envelope({ note: 'Bahasha\u0000 12' });
    const before = await countDeskRows(t.database);
    const results = await post([good[0], poison, good[1], good[2]], 'church', 'en');
    expect(results.map((r) => [r.id, r.status, r.code])).toEqual([
      [good[0]!.id, 'created', undefined],
      [poison.id, 'rejected', 'invalid'],
      [good[1]!.id, 'created', undefined],
      [good[2]!.id, 'created', undefined],
    ]);
    expect(results[1]!.message).toBe('Note contains characters that are not allowed');
    expect(results[2]!.receiptNo).toBe('MWG-T7-0001');
    const after = await countDeskRows(t.database);
    expect([after.transactions - before.transactions, after.ledger_entries - before.ledger_entries, after.sms_messages - before.sms_messages]).toEqual([3, 3, 3]);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.clientId, poison.id))).toEqual([]);
    const again = await post([good[0], poison, good[1], good[2]], 'church', 'en');
    expect(again.map((r) => r.status)).toEqual(['duplicate', 'rejected', 'duplicate', 'duplicate']);
  });

  it('concurrent requests carrying the same receipts in different orders store each receipt once', async () => {
    const shared = Array.from({ length: 30 }, (_, i) => envelope(i % 2 ? { receiptNo: `MWG-T8-${String(i).padStart(4, '0')}` } : {}));
    const orders = [shared, [...shared].reverse(), [...shared.slice(15), ...shared.slice(0, 15)], shared.filter((_, i) => i % 3 === 0)];
    const before = await countDeskRows(t.database);
    const answers = await Promise.all(orders.map((order) => post(order)));
    const created = answers.flat().filter((r) => r.status === 'created');
    expect(answers.flat().every((r) => r.status === 'created' || r.status === 'duplicate')).toBe(true);
    expect(created.map((r) => r.id).sort()).toEqual(shared.map((e) => e.id).sort());
    // Every answer for one receipt names the same number.
    const numbers = new Map<string, Set<string>>();
    for (const r of answers.flat()) numbers.set(r.id, (numbers.get(r.id) ?? new Set()).add(r.receiptNo!));
    expect([...numbers.values()].every((set) => set.size === 1)).toBe(true);
    const after = await countDeskRows(t.database);
    expect([after.transactions - before.transactions, after.ledger_entries - before.ledger_entries, after.sms_messages - before.sms_messages]).toEqual([30, 30, 30]);
  });
});
