import { batchEntry, createCurrency } from '../../factories/desk';
import { receiptBatches } from '../../../server/db/schema/money';
import { type MatrixArea, s } from './matrix-kit';

/**
 * Counting batches shared by a congregation's devices (issue 11). The open batches of church A are
 * read by name (`institutionId`), so a caller outside its scope is refused rather than answered with
 * an empty list; a close of church A's batch is a valid entry, so whoever gets through the route's
 * grant is answered 200 per entry (church A's treasurer closes it; the mosque's is told `forbidden`).
 */
export const deskBatchRows: MatrixArea = {
  name: 'desk-batches',
  setup: async ({ t, w, data }) => {
    await createCurrency(t.database.db).catch(() => undefined);
    const batch = batchEntry({ institutionId: w.churchA.id, name: 'Matrix batch' });
    await t.database.db.insert(receiptBatches).values({
      id: batch.id,
      institutionId: batch.institutionId,
      name: batch.name,
      serviceDate: new Date(`${batch.serviceDate}T00:00:00Z`),
      currency: batch.currency,
      createdBy: w.users.church.id,
    });
    data.deskBatch = batch;
  },
  rows: {
    'GET /api/receipt-batches': {
      url: ({ w }) => `/api/receipt-batches?status=open&institutionId=${w.churchA.id}`,
      expect: s(401, 200, 200, 200, 200, 403, 403),
    },
    'POST /api/receipt-batches/sync': {
      // A fresh close time per call, so every caller that gets through is judged as a close.
      payload: ({ data }) => ({ batches: [{ ...(data.deskBatch as object), closedAt: new Date(Date.now() + Math.floor(Math.random() * 1000) * 1000).toISOString(), id: (data.deskBatch as { id: string }).id }] }),
      expect: s(401, 403, 403, 403, 200, 200, 403),
    },
  },
};
