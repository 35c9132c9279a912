import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchList as BatchListSchema, CashReceiptPage as CashReceiptPageSchema, SyncResponse } from '../../domain/api/receipts';
import { BatchList, CashReceiptPage } from '../../src/features/cash-receipts/replies';
import { db } from '../../src/lib/db';
import { refreshOfflineCache } from '../../src/lib/offline/refresh-cache';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { createHttpTransport } from '../../src/lib/offline/transport';
import { jsonResponse } from './helpers';
import { freshDevice, INSTITUTION } from './outbox-helpers';

// The desk reads the server's replies without zod (docs/decisions/013-desk-bundle.md). What it keeps
// must be what the contract's zod schema would keep — the known fields, unknown ones dropped — and a
// reply that breaks the contract must be refused, as zod would refuse it.

const row = {
  id: '0190f5f2-7a3b-7c4d-8e5f-a1b2c3d4e5f6',
  receiptNo: 'MWG-7K3QD-000042',
  institutionId: 3,
  memberId: null,
  memberName: null,
  memberCode: null,
  payerName: 'Neema Juma',
  payerPhone: '+255713000001',
  method: 'cash',
  chequeNo: null,
  currency: 'TZS',
  amount: 12_500,
  lines: [{ offeringTypeId: 1, title: 'Sadaka', amount: 12_500, internal: 'x' }],
  batchId: null,
  batchName: null,
  note: null,
  receivedAt: '2026-03-01T09:30:00.000Z',
  recordedBy: 7,
  recordedByName: 'Asha Mussa',
  syncedAt: '2026-03-01T09:31:00.000Z',
  smsStatus: null,
  serverOnly: true,
};
const page = { data: [row], count: 1, nextCursor: 'c1', totals: { amount: 12_500, byOfferingType: [{ offeringTypeId: 1, title: 'Sadaka', amount: 12_500, count: 1 }] }, debug: 1 };
const batches = { data: [{ id: 'b1', institutionId: 3, name: 'Sunday', serviceDate: '2026-03-01', currency: 'TZS', status: 'open', closedAt: null, receiptCount: 2, total: 3000, openedAt: '2026-03-01T06:00:00.000Z', stale: true, lateCount: 0, lateTotal: 0, extra: 1 }] };

function replyWith(body: unknown, status = 200) {
  return createHttpTransport({
    auth: async () => null,
    baseUrl: 'http://desk.test/api',
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  }).send('receipts', [], { token: 't', userId: 7, locale: 'en' });
}

describe('desk replies read without zod', () => {
  it('keep what the contract keeps', () => {
    expect(CashReceiptPage.parse(page)).toStrictEqual(CashReceiptPageSchema.parse(page));
    expect(BatchList.parse(batches)).toStrictEqual(BatchListSchema.parse(batches));
    const withCurrencies = { ...page, totals: { ...page.totals, byCurrency: [{ currency: 'TZS', amount: 12_500, count: 1 }] } };
    expect(CashReceiptPage.parse(withCurrencies)).toStrictEqual(CashReceiptPageSchema.parse(withCurrencies));
  });

  it('refuse what the contract refuses', () => {
    for (const broken of [
      { ...page, count: '1' },
      { ...page, data: [{ ...row, method: 'card' }] },
      { ...page, data: [{ ...row, amount: 1.5 }] },
      { ...page, data: [{ ...row, lines: [{ offeringTypeId: 1, title: 'Sadaka' }] }] },
      { ...page, totals: { amount: 1 } },
      { ...page, nextCursor: 5 },
      { data: [row], count: 1, totals: page.totals },
      [page],
    ]) {
      expect(() => CashReceiptPageSchema.parse(broken)).toThrow();
      expect(() => CashReceiptPage.parse(broken)).toThrow();
    }
    const badBatch = { data: [{ ...batches.data[0], status: 'gone' }] };
    expect(() => BatchListSchema.parse(badBatch)).toThrow();
    expect(() => BatchList.parse(badBatch)).toThrow();
  });

  it('take sync answers as the contract has them, and treat a malformed answer as a server fault', async () => {
    const answers = { results: [{ id: 'a', status: 'created', receiptNo: 'MWG-1', extra: 1 }, { id: 'b', status: 'rejected', code: 'invalid', message: 'No' }] };
    expect(await replyWith(answers)).toStrictEqual({ kind: 'results', results: SyncResponse.parse(answers).results });
    expect(await replyWith({ results: [{ id: 'a', status: 'maybe' }] })).toEqual({ kind: 'retry', status: 500, retryAfterMs: null });
    expect(await replyWith({ results: [{ id: 'a', status: 'created', memberId: '9' }] })).toEqual({ kind: 'retry', status: 500, retryAfterMs: null });
  });
});

describe('the device cache refresh', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The server's four feeds as the desk asks for them; `members` is the cache page's body. */
  function serve(members: unknown) {
    vi.stubGlobal('fetch', async (input: string) => {
      const path = input.replace(/^\/api/, '').split('?')[0];
      if (path === '/members/cache') return jsonResponse(200, members);
      if (path === '/offering-types') return jsonResponse(200, { data: [{ id: 1, institutionId: INSTITUTION.id, title: 'Sadaka', churchBp: 10000, fieldBp: 0, unionBp: 0, createdBy: 4 }] });
      if (path === '/currencies') return jsonResponse(200, { data: [{ code: 'TZS', numericCode: '834', territory: 'TZ', value: '1.0000', rate: 'x' }] });
      if (path === '/zones') return jsonResponse(200, { data: [{ id: 7, institutionId: INSTITUTION.id, name: 'Kati', parentId: null, community: null, memberCount: 3, note: 'x' }] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
  }
  const amina = { id: 501, institutionId: INSTITUTION.id, code: 'MWG-0501', firstName: 'Amina', lastName: 'Juma', phone: '+255712345678', preferredLanguage: 'sw', zoneId: null, deleted: false };

  it('stores what the contract names, and members are found by name, code and phone as typed locally', async () => {
    await freshDevice();
    serve({ data: [{ ...amina, note: 'server only' }], next: null, cursor: 'c1' });
    await refreshOfflineCache(INSTITUTION.id);
    expect(await db.offeringTypes.toArray()).toEqual([{ id: 1, institutionId: INSTITUTION.id, title: 'Sadaka', churchBp: 10000, fieldBp: 0, unionBp: 0 }]);
    expect(await db.currencies.toArray()).toEqual([{ code: 'TZS', numericCode: '834', territory: 'TZ', value: '1.0000' }]);
    expect(await db.zones.toArray()).toEqual([{ id: 7, institutionId: INSTITUTION.id, name: 'Kati', parentId: null, community: null, memberCount: 3 }]);
    for (const typed of ['amina', 'MWG-0501', '0712 345 678', '255712345678']) {
      expect(await searchLocalMembers(INSTITUTION.id, typed)).toMatchObject([{ serverId: 501, firstName: 'Amina' }]);
    }
    expect(await db.members.get('s:501')).not.toHaveProperty('note');
  });

  it('keeps nothing of a member page that breaks the contract', async () => {
    await freshDevice();
    serve({ data: [{ ...amina, preferredLanguage: 'fr' }], next: null, cursor: 'c1' });
    await refreshOfflineCache(INSTITUTION.id);
    expect(await db.members.count()).toBe(0);
  });
});
