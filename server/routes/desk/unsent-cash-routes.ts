import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnsentCashReport, UnsentCashReportAnswer } from '../../../domain/api/unsent-cash';
import { apiPaths } from '../../../domain/api-paths';
import { recordUnsentCash } from '../../services/desk/unsent-cash-report';
import { authOf } from '../auth/client-info';

/**
 * A device's report of the cash receipts still in its outbox (issue 16). Those who record receipts
 * report them; the report replaces the device's last one, so repeating it changes nothing.
 */
export async function deskUnsentCashRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    apiPaths.unsentCashReport,
    {
      config: { access: { feature: 'cashReceipts', action: 'create' } },
      schema: { tags: ['desk'], body: UnsentCashReport, response: { 200: UnsentCashReportAnswer } },
    },
    async (request) => recordUnsentCash(ctx, authOf(request).user, request.body),
  );
}
