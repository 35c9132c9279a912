import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CashReceiptExportQuery, CashReceiptPage, CashReceiptQuery, CashReceiptSyncRequest, SyncResponse } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { DESK_EXPORTERS, DESK_READERS } from '../../services/desk/desk-access';
import { exportReceipts } from '../../services/desk/receipt-export';
import { receiptHistory } from '../../services/desk/receipt-history';
import { syncReceipts } from '../../services/desk/receipt-sync';
import { authOf } from '../auth/client-info';
import { requireAnyGrantHook, syncActorOf } from './desk-request';
import { sendExportFile } from '../../lib/export/send-export';

/** Cash receipts: the outbox's sync, the history with totals, and its export. */
export async function deskReceiptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    apiPaths.cashReceiptsSync,
    {
      config: { access: { feature: 'cashReceipts', action: 'create' } },
      schema: { tags: ['desk'], body: CashReceiptSyncRequest, response: { 200: SyncResponse } },
    },
    async (request) => ({ results: await syncReceipts(ctx, syncActorOf(request), request.body.receipts, request.log) }),
  );

  app.get(
    apiPaths.cashReceipts,
    {
      config: { access: 'user' },
      onRequest: requireAnyGrantHook(DESK_READERS),
      schema: { tags: ['desk'], querystring: CashReceiptQuery, response: { 200: CashReceiptPage } },
    },
    async (request) => {
      const { limit, offset, cursor, ...filters } = request.query;
      return receiptHistory(ctx.database.db, authOf(request).user, filters, { limit, offset, cursor }, request.t);
    },
  );

  app.get(
    apiPaths.cashReceiptsExport,
    {
      config: { access: 'user' },
      onRequest: requireAnyGrantHook(DESK_EXPORTERS),
      schema: { tags: ['desk'], querystring: CashReceiptExportQuery },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await exportReceipts(ctx.database.db, authOf(request).user, filters, format, request.t, ctx.now(), ctx.config.exports.batchRows);
      return sendExportFile(reply, file);
    },
  );
}
