import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingTransferPage } from '../../domain/api/bank-transfers';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';
import { createGivingWorld, expectMoneyInvariants, give, type GivingWorld, mobileGift, phoneEnding } from './payments-fixtures';

type Role = 'admin' | 'branch' | 'church' | 'mosque';

// Issue 10: bank transfers could be confirmed only through the API. Bank staff now list the
// transfers waiting for the money (GET /payments/bank-transfers, keyset pages, in their scope)
// and confirm or cancel them through the payment routes, under the same grants.
describe('GET /api/payments/bank-transfers: pending transfers for bank staff', () => {
  let t: TestApp;
  let w: GivingWorld;
  const headers = {} as Record<Role, Record<string, string>>;
  const created: Array<{ id: string; referenceNo: string; amount: number }> = [];
  let mosqueTransfer: { id: string; referenceNo: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createGivingWorld(t.database.db);
    for (const role of ['admin', 'branch', 'church', 'mosque'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    for (let i = 0; i < 3; i++) {
      const res = await give(t, { ...mobileGift(w, phoneEnding(5), [100_000 * (i + 1), 5_000]), method: 'bank' });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json() as { id: string; referenceNo: string; amount: number });
    }
    const mosque = await give(t, { institutionId: w.mosque.id, phone: phoneEnding(5), method: 'bank', lines: [{ offeringTypeId: w.types.mosque.id, amount: 70_000 }], currency: 'TZS' });
    expect(mosque.statusCode, mosque.body).toBe(201);
    mosqueTransfer = mosque.json() as { id: string; referenceNo: string };
    // A pending mobile push is not a transfer: never listed.
    expect((await give(t, mobileGift(w, phoneEnding(3)))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const list = async (role: Role, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/bank-transfers${query}`, headers: { ...headers[role], lang: 'en' } });
    return { status: res.statusCode, body: res.json() as PendingTransferPage & { message?: string; fields?: Array<{ path: string; message: string }> } };
  };

  it('lists the transfers waiting, oldest first, with the reference to quote, giver, account and expiry, in keyset pages', async () => {
    const first = await list('admin', '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((row) => row.referenceNo)).toEqual(created.slice(0, 2).map((c) => c.referenceNo));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list('admin', `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((row) => row.referenceNo)).toEqual([created[2]!.referenceNo, mosqueTransfer.referenceNo]);
    expect(second.body.nextCursor).toBeNull();

    const row = first.body.data[0]!;
    expect(row).toMatchObject({
      id: created[0]!.id,
      amount: created[0]!.amount,
      currency: 'TZS',
      payer: null,
      phone: expect.stringMatching(/^\+255/),
      institution: { id: w.churchA.id, title: 'Mwenge Church' },
      account: { accountNumber: expect.any(String), accountName: `ACCOUNT ${w.churchA.id}` },
    });
    const days = (Date.parse(row.expiresAt) - Date.parse(row.createdAt)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('keeps to the caller scope: a branch officer sees only the branch tree; entity roles without the grant are refused', async () => {
    const branch = await list('branch');
    expect(branch.body.data.map((row) => row.id)).toEqual(created.map((c) => c.id));
    expect((await list('church')).status).toBe(403);
    expect((await list('mosque')).status).toBe(403);
  });

  it('refuses a cursor it did not make, with a localised field error', async () => {
    const bad = await list('admin', '?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'cursor', message: 'Page is not valid' }]);
    const sw = await t.app.inject({ method: 'GET', url: '/api/payments/bank-transfers?cursor=xyz', headers: { ...headers.admin, lang: 'sw' } });
    expect(sw.statusCode).toBe(400);
    expect((sw.json() as { message: string }).message).not.toBe('Page is not valid');
  });

  it('a confirmed transfer is completed and credited, a cancelled one canceled; both leave the list', async () => {
    const [confirmed, canceled] = [created[0]!, created[1]!];
    // The admin may confirm (bankAccounts:update) but not cancel (push view only); the branch officer both.
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${canceled.id}/cancel`, headers: headers.admin, payload: {} })).statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${confirmed.id}/confirm-transfer`,
      headers: headers.admin,
      payload: { bankReference: 'FT26329ABCDE', amount: confirmed.amount },
    });
    expect(ok.json()).toMatchObject({ status: 'completed' });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/payments/${canceled.id}/cancel`, headers: headers.branch, payload: { reason: 'Giver paid in cash instead' } });
    expect(cancel.json()).toMatchObject({ status: 'canceled' });
    await t.settlePayments();
    expect(await expectMoneyInvariants(t, confirmed.id)).toMatchObject({ status: 'completed', creditStatus: 'credited' });
    expect(await expectMoneyInvariants(t, canceled.id)).toMatchObject({ status: 'canceled' });
    const after = await list('branch');
    expect(after.body.data.map((row) => row.id)).toEqual([created[2]!.id]);
  });
});
