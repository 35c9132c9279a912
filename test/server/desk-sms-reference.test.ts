import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashReceiptPage, Currency, OfferingType } from '../../domain/api/receipts';
import { messages } from '../../domain/messages';
import { institutions } from '../../server/db/schema/institutions';
import { smsMessages } from '../../server/db/schema/messaging';
import { transactions } from '../../server/db/schema/money';
import { countDeskRows, createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('SMS receipts after a synced cash receipt', () => {
  let t: TestApp;
  let w: World;
  let typeA: OfferingTypeRow;
  let typeB: OfferingTypeRow;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    typeA = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Tithe' });
    typeB = await createOfferingType(t.database.db, { institutionId: w.churchB.id, title: 'Offering' });
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const smsOf = async (clientId: string) => {
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.clientId, clientId));
    const [sms] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, row!.receiptSmsId!));
    return { receipt: row!, sms: sms! };
  };

  it('texts the member in their preferred language, charged to the institution, and it reaches the phone', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'John', lastName: 'Mrema', phone: '+255754300400', preferredLanguage: 'en' });
    const entry = receiptEntry({ institutionId: w.churchA.id, memberId: member.id, receiptNo: 'MWG-S-0001', receivedAt: '2026-03-15T09:30:00+03:00', lines: [{ offeringTypeId: typeA.id, amount: 1_500_000 }] });
    const [walletBefore] = await t.database.db.select({ left: institutions.smsLeft }).from(institutions).where(eq(institutions.id, w.churchA.id));
    await sync(t.app, 'cash-receipts', headers.church, [entry]);
    const { sms } = await smsOf(entry.id);
    expect(sms).toMatchObject({ institutionId: w.churchA.id, receiver: '+255754300400', purpose: 'receipt', status: 'queued', createdBy: w.users.church.id });
    expect(sms.message).toBe('Mwenge Church: received TSh 15,000 from John Mrema (Tithe TSh 15,000). Receipt MWG-S-0001, 15 Mar 2026. Thank you!');
    const [walletAfter] = await t.database.db.select({ left: institutions.smsLeft }).from(institutions).where(eq(institutions.id, w.churchA.id));
    expect(walletAfter!.left).toBe(walletBefore!.left - 1);
    await t.settleSms();
    expect((await t.smsInbox('+255754300400'))[0]?.message).toBe(sms.message);
  });

  it('texts a walk-in giver in Swahili (the default language)', async () => {
    const entry = receiptEntry({ institutionId: w.churchA.id, receiptNo: 'MWG-S-0002', payer: { name: 'Asha Mgeni', phone: '+255754300500' }, lines: [{ offeringTypeId: typeA.id, amount: 200_000 }] });
    await sync(t.app, 'cash-receipts', headers.church, [entry]);
    const { sms } = await smsOf(entry.id);
    expect(sms.receiver).toBe('+255754300500');
    expect(sms.message).toContain('MWG-S-0002');
    expect(sms.message).toContain('TSh 2,000');
    expect(sms.message).toContain('Asha Mgeni');
    // Swahili date names prove the language chosen (the sentence is Swahili once the lead merges locales/pending).
    expect(sms.message).toContain('15 Mac 2026');
    expect(sms.message).toBe(t.ctx.translator.t('sw', messages.receiptSms, {
      institution: 'Mwenge Church', amount: 'TSh 2,000', name: 'Asha Mgeni', lines: 'Tithe TSh 2,000', receiptNo: 'MWG-S-0002', date: '15 Mac 2026',
    }));
  });

  it('with the wallet empty the SMS waits (waiting_balance) and the receipt stands; a top-up sends it', async () => {
    await t.database.db.update(institutions).set({ smsLeft: 0 }).where(eq(institutions.id, w.churchB.id));
    const entry = receiptEntry({ institutionId: w.churchB.id, payer: { name: 'Juma', phone: '+255754300600' }, lines: [{ offeringTypeId: typeB.id, amount: 300_000 }] });
    const before = await countDeskRows(t.database);
    const [result] = await sync(t.app, 'cash-receipts', headers.churchB, [entry]);
    expect(result?.status).toBe('created');
    const after = await countDeskRows(t.database);
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.ledger_entries - before.ledger_entries).toBe(1);
    const { sms } = await smsOf(entry.id);
    expect(sms.status).toBe('waiting_balance');
    const page = (await t.app.inject({ method: 'GET', url: '/api/cash-receipts', headers: headers.churchB })).json() as CashReceiptPage;
    expect(page.data.find((row) => row.id === entry.id)?.smsStatus).toBe('waiting_balance');
    await t.providers.sms.topUp({ institutionId: w.churchB.id, amount: 5 });
    expect((await smsOf(entry.id)).sms.status).toBe('queued');
    // A replay neither sends another SMS nor charges again.
    expect((await sync(t.app, 'cash-receipts', headers.churchB, [entry]))[0]?.status).toBe('duplicate');
    expect((await countDeskRows(t.database)).sms_messages).toBe(after.sms_messages);
  });

  it('a request of 5 new receipts on a wallet of 3: the first 3 are texted, the last 2 wait, the wallet ends at 0', async () => {
    await t.database.db.update(institutions).set({ smsLeft: 3 }).where(eq(institutions.id, w.churchB.id));
    const phones = Array.from({ length: 5 }, (_, i) => `+25575431000${i}`);
    const entries = phones.map((phone, i) => receiptEntry({ institutionId: w.churchB.id, payer: { name: `Mtoaji ${i}`, phone }, lines: [{ offeringTypeId: typeB.id, amount: 100_000 + i }] }));
    const results = await sync(t.app, 'cash-receipts', headers.churchB, entries);
    expect(results.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created', 'created']);
    const sent = await Promise.all(entries.map((entry) => smsOf(entry.id)));
    expect(sent.map(({ sms }) => [sms.receiver, sms.status])).toEqual([
      [phones[0], 'queued'],
      [phones[1], 'queued'],
      [phones[2], 'queued'],
      [phones[3], 'waiting_balance'],
      [phones[4], 'waiting_balance'],
    ]);
    // Each text is the one a receipt sent alone would get.
    sent.forEach(({ sms }, i) => expect(sms.message).toContain(`Mtoaji ${i}`));
    const [wallet] = await t.database.db.select({ left: institutions.smsLeft }).from(institutions).where(eq(institutions.id, w.churchB.id));
    expect(wallet!.left).toBe(0);
    await t.settleSms();
    expect((await Promise.all(phones.map((phone) => t.smsInbox(phone)))).map((inbox) => inbox.length)).toEqual([1, 1, 1, 0, 0]);
    // A top-up sends the two that waited, in request order.
    expect(await t.providers.sms.topUp({ institutionId: w.churchB.id, amount: 1 })).toEqual({ smsLeft: 0, released: 1 });
    expect((await smsOf(entries[3]!.id)).sms.status).toBe('queued');
    expect((await smsOf(entries[4]!.id)).sms.status).toBe('waiting_balance');
  });
});

describe('reference data for the desk (GET /api/offering-types, /api/currencies)', () => {
  let t: TestApp;
  let w: World;
  const types = {} as Record<'a1' | 'a2' | 'aOld' | 'b' | 'm', OfferingTypeRow>;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    await createCurrency(db, { territory: 'United States', alphaCode: 'USD', numericCode: '840', value: '2585.5000' });
    await createCurrency(db, { territory: 'Kenya', alphaCode: 'KES', numericCode: '404', value: '20.0125', active: false });
    types.a1 = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka', churchBp: 0, fieldBp: 5000, unionBp: 5000 });
    types.a2 = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka' });
    types.aOld = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Retired', active: 0 });
    types.b = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sadaka' });
    types.m = await createOfferingType(db, { institutionId: w.mosque.id, title: 'Zakat', churchBp: 5000, fieldBp: 2500, unionBp: 2500 });
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const offeringTypes = async (role: Role, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/offering-types${query}`, headers: headers[role] });
    return { status: res.statusCode, ids: res.statusCode === 200 ? (res.json() as { data: OfferingType[] }).data.map((d) => d.id) : [], body: res.json() };
  };

  it('gives a treasurer the active offering types of their church, with divisions', async () => {
    const res = await offeringTypes('church');
    expect(res.body).toEqual({
      data: [
        { id: types.a1.id, institutionId: w.churchA.id, title: 'Zaka', churchBp: 0, fieldBp: 5000, unionBp: 5000 },
        { id: types.a2.id, institutionId: w.churchA.id, title: 'Sadaka', churchBp: 6000, fieldBp: 2500, unionBp: 1500 },
      ],
    });
    expect((await offeringTypes('church', `?institutionId=${w.churchA.id}`)).ids).toEqual([types.a1.id, types.a2.id]);
  });

  it('is scoped: another church’s types are refused; a union sees its churches; bank staff their scope', async () => {
    expect((await offeringTypes('church', `?institutionId=${w.churchB.id}`)).status).toBe(403);
    expect((await offeringTypes('churchB')).ids).toEqual([types.b.id]);
    expect((await offeringTypes('union')).ids).toEqual([types.a1.id, types.a2.id, types.b.id]);
    expect((await offeringTypes('union', `?institutionId=${w.churchB.id}`)).ids).toEqual([types.b.id]);
    expect((await offeringTypes('mosque')).ids).toEqual([types.m.id]);
    expect((await offeringTypes('branch')).ids).toEqual([types.a1.id, types.a2.id, types.b.id]);
    expect((await offeringTypes('admin')).ids).toEqual([types.a1.id, types.a2.id, types.b.id, types.m.id]);
  });

  it('lists only active currencies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/currencies', headers: headers.church });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Currency[] }).data).toEqual([
      { code: 'TZS', numericCode: '834', territory: 'Tanzania', value: '1.0000' },
      { code: 'USD', numericCode: '840', territory: 'United States', value: '2585.5000' },
    ]);
  });
});
