import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PaymentIdParam, SettlementPage, SettlementQuery, TransactionDetail, TransactionExportQuery, TransactionPage, TransactionQuery } from '../../../domain/api/payments';
import { errors } from '../../lib/app-error';
import { settlementHistory } from '../../services/payments/settlement';
import { transactionDetail } from '../../services/payments/transaction-detail';
import { exportTransactions } from '../../services/payments/transaction-export';
import { listTransactions } from '../../services/payments/transaction-list';
import { authOf } from '../auth/client-info';
import { sendExportFile } from '../../lib/export/send-export';

/** Staff views of every transaction (all methods), scoped to the caller: list, detail, export, settlement history. */
export async function transactionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/transactions',
    { config: { access: { feature: 'transactions', action: 'view' } }, schema: { tags: ['transactions'], querystring: TransactionQuery, response: { 200: TransactionPage } } },
    async (request) => listTransactions(ctx.database.db, authOf(request).user, request.query, ctx.now(), request.t),
  );

  app.get(
    '/transactions/export',
    { config: { access: { feature: 'transactions', action: 'export' } }, schema: { tags: ['transactions'], querystring: TransactionExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await exportTransactions(ctx.database.db, authOf(request).user, filters, format, request.t, ctx.now(), ctx.config.exports.batchRows);
      return sendExportFile(reply, file);
    },
  );

  app.get(
    '/transactions/:id',
    { config: { access: { feature: 'transactions', action: 'view' } }, schema: { tags: ['transactions'], params: PaymentIdParam, response: { 200: TransactionDetail } } },
    async (request) => {
      const detail = await transactionDetail(ctx.database.db, authOf(request).user, request.params.id, request.t);
      if (!detail) throw errors.notFound();
      return detail;
    },
  );

  app.get(
    '/settlements',
    { config: { access: { feature: 'transactions', action: 'view' } }, schema: { tags: ['transactions'], querystring: SettlementQuery, response: { 200: SettlementPage } } },
    async (request) => settlementHistory(ctx.database.db, authOf(request).user, request.query),
  );
}
