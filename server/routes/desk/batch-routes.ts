import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BatchList, BatchQuery, BatchSyncRequest, SyncResponse } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { listBatches } from '../../services/desk/batch-list';
import { staleBefore } from '../../services/desk/batch-staleness';
import { syncBatches } from '../../services/desk/batch-sync';
import { DESK_READERS } from '../../services/desk/desk-access';
import { authOf } from '../auth/client-info';
import { requireAnyGrantHook, syncActorOf } from './desk-request';

/** Counting batches: the list with counts and totals, and the devices' creations and closings. */
export async function deskBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    apiPaths.receiptBatches,
    {
      config: { access: 'user' },
      onRequest: requireAnyGrantHook(DESK_READERS),
      schema: { tags: ['desk'], querystring: BatchQuery, response: { 200: BatchList } },
    },
    async (request) => listBatches(ctx.database.db, authOf(request).user, request.query, staleBefore(ctx)),
  );

  app.post(
    apiPaths.receiptBatchesSync,
    {
      config: { access: { feature: 'cashReceipts', action: 'create' } },
      schema: { tags: ['desk'], body: BatchSyncRequest, response: { 200: SyncResponse } },
    },
    async (request) => ({ results: await syncBatches(ctx, syncActorOf(request), request.body.batches, request.log) }),
  );
}
