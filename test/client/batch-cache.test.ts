import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchRow } from '../../domain/api/receipts';
import { batchFigures } from '../../src/features/cash-receipts/batch-figures';
import { mergeBatchRows } from '../../src/features/cash-receipts/batch-rows';
import { db } from '../../src/lib/db';
import { closeBatch, openBatch } from '../../src/lib/offline/batches';
import { BatchClosedError } from '../../src/lib/offline/errors';
import { flushOutbox } from '../../src/lib/offline/flush';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { storeServerBatches } from '../../src/lib/offline/refresh-batches';
import { createHttpTransport } from '../../src/lib/offline/transport';
import type { LocalReceipt } from '../../src/lib/offline/types';
import type { z } from 'zod';
import { canonical, FakeSyncServer } from './outbox-fake-server';
import { freshDevice, INSTITUTION, payerDraft, TREASURER } from './outbox-helpers';

type ServerRow = z.infer<typeof BatchRow>;

/** A batch another device opened, as `GET /api/receipt-batches` lists it. */
function serverRow(overrides: Partial<ServerRow> = {}): ServerRow {
  return {
    id: '01939a3e-0000-7000-8000-000000000001',
    institutionId: INSTITUTION.id,
    name: 'Jumapili',
    serviceDate: '2026-03-01',
    currency: 'TZS',
    status: 'open',
    closedAt: null,
    receiptCount: 5,
    total: 80_000,
    openedAt: '2026-03-01T06:00:00.000Z',
    stale: false,
    lateCount: 0,
    lateTotal: 0,
    ...overrides,
  };
}

function flusher(server: FakeSyncServer) {
  const token = server.signIn();
  const transport = createHttpTransport({ auth: async () => ({ token, userId: TREASURER.id, locale: 'en' }), fetch: server.fetch, now: () => 1_000_000 });
  return () => flushOutbox(transport, { now: () => 1_000_000, random: () => 0.5, online: () => true });
}

beforeEach(freshDevice);

describe('the congregation’s batches in the device cache (issue 11)', () => {
  it('a batch opened on another device is continued and closed here: its receipts go first, then the close, and no creation is sent', async () => {
    const row = serverRow();
    await storeServerBatches(INSTITUTION.id, [row], db, 500);
    expect(await db.batches.get(row.id)).toMatchObject({ syncState: 'synced', closedAt: null, createdAt: row.openedAt, server: { receiptCount: 5, total: 80_000, at: 500 } });

    const server = new FakeSyncServer();
    const { closedAt: _closed, status: _status, receiptCount: _c, total: _t, openedAt: _o, stale: _s, lateCount: _lc, lateTotal: _lt, ...input } = row;
    server.batches.set(row.id, { body: canonical(input), value: { ...input, closedAt: null }, closed: false });

    const receipt = await recordReceipt(payerDraft({ batchId: row.id }));
    await closeBatch(row.id);
    await flusher(server)();
    expect(server.requests.map((request) => request.path)).toEqual(['/api/cash-receipts/sync', '/api/receipt-batches/sync']);
    expect(server.receipts.has(receipt.id)).toBe(true);
    expect(server.batches.get(row.id)?.closed).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('learns a close made elsewhere: the batch takes the server’s close, says so, and takes no new envelope', async () => {
    const row = serverRow();
    await storeServerBatches(INSTITUTION.id, [row], db);
    await storeServerBatches(INSTITUTION.id, [serverRow({ status: 'closed', closedAt: '2026-03-01T12:00:00.000Z', receiptCount: 7, lateCount: 1, lateTotal: 4_000 })], db);
    expect(await db.batches.get(row.id)).toMatchObject({ closedAt: '2026-03-01T12:00:00.000Z', closedElsewhere: true, server: { receiptCount: 7, lateCount: 1 } });
    await expect(recordReceipt(payerDraft({ batchId: row.id }))).rejects.toBeInstanceOf(BatchClosedError);
  });

  it('keeps what this device has not sent: a batch opened or closed here and still in the outbox keeps its own state', async () => {
    const mine = await openBatch({ institutionId: INSTITUTION.id, name: 'Ibada', serviceDate: '2026-03-02', currency: 'TZS' });
    await closeBatch(mine.id);
    const closedHere = (await db.batches.get(mine.id))!.closedAt;
    await storeServerBatches(INSTITUTION.id, [serverRow({ id: mine.id, name: 'Ibada', serviceDate: '2026-03-02', receiptCount: 0, total: 0 })], db);
    expect(await db.batches.get(mine.id)).toMatchObject({ closedAt: closedHere, syncState: 'pending' });
    expect((await db.batches.get(mine.id))?.closedElsewhere).toBeUndefined();
    // Another congregation's row (not expected from the server) never lands in this one's cache.
    await storeServerBatches(INSTITUTION.id, [serverRow({ id: '01939a3e-0000-7000-8000-000000000009', institutionId: 99 })], db);
    expect(await db.batches.get('01939a3e-0000-7000-8000-000000000009')).toBeUndefined();
  });
});

describe('batchFigures: every device’s synced envelopes plus this device’s unsent ones, never twice', () => {
  const receipt = (amount: number, syncState: LocalReceipt['syncState'], syncedAt?: number): LocalReceipt =>
    ({
      id: `r-${amount}-${syncState}-${syncedAt ?? 0}`,
      receiptNo: 'X',
      institutionId: INSTITUTION.id,
      batchId: 'b',
      payload: payerDraft({ lines: [{ offeringTypeId: 1, amount }] }) as never,
      giverName: '',
      giverPhone: null,
      recordedBy: TREASURER,
      createdAt: '2026-03-01T09:00:00.000Z',
      syncState,
      syncMessage: null,
      ...(syncedAt === undefined ? {} : { syncedAt }),
    }) as LocalReceipt;
  const base = { receiptCount: 10, total: 100_000, lateCount: 0, lateTotal: 0, stale: false, at: 1_000 };

  it('adds the unsent, and the synced ones the server’s answer predates; not those it already counted', () => {
    const figures = batchFigures(base, [receipt(1_000, 'synced', 900), receipt(2_000, 'synced', 1_500), receipt(3_000, 'pending'), receipt(4_000, 'rejected')]);
    expect(figures).toMatchObject({ count: 13, total: 109_000, unsentCount: 2, unsentTotal: 7_000, fromServer: true });
  });

  it('without any word from the server, this device’s envelopes are the count', () => {
    expect(batchFigures(undefined, [receipt(1_000, 'synced', 900), receipt(3_000, 'pending')])).toMatchObject({ count: 2, total: 4_000, fromServer: false });
  });

  it('the batch list prefers the live answer to the cached one and shows batches not yet on this device', () => {
    const cached = { id: 'b', institutionId: INSTITUTION.id, name: 'B', serviceDate: '2026-03-01', currency: 'TZS', closedAt: null, createdAt: '', syncState: 'synced' as const, server: base };
    const live = serverRow({ id: 'b', receiptCount: 12, total: 120_000 });
    const other = serverRow({ id: 'c', serviceDate: '2026-02-22', stale: true });
    const rows = mergeBatchRows([cached], [live, other], [receipt(3_000, 'pending')], 2_000);
    expect(rows.map((row) => [row.id, row.local, row.figures.count, row.figures.total, row.figures.stale])).toEqual([
      ['b', true, 13, 123_000, false],
      ['c', false, 5, 80_000, true],
    ]);
    // Offline (no live list): the cached figures.
    expect(mergeBatchRows([cached], undefined, [receipt(3_000, 'pending')])[0]?.figures).toMatchObject({ count: 11, total: 103_000 });
  });
});
