import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankTransferPaths, PendingTransferPage, PendingTransferQuery } from '../../../domain/api/bank-transfers';
import { listPendingTransfers } from '../../services/payments/pending-transfers';
import { authOf } from '../auth/client-info';

/**
 * Bank staff's list of transfers waiting for the money (issue 10). Acting on one uses the payment
 * routes: confirm-transfer (bankAccounts:update) and cancel (push:update); seeing the list needs
 * bankAccounts:view, and the rows are those in the caller's scope.
 */
export async function transferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    bankTransferPaths.pending,
    {
      config: { access: { feature: 'bankAccounts', action: 'view' } },
      schema: { tags: ['payments'], querystring: PendingTransferQuery, response: { 200: PendingTransferPage } },
    },
    async (request) => listPendingTransfers(ctx.database.db, authOf(request).user, request.query, request.t),
  );
}
