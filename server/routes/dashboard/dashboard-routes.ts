import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSummary } from '../../../domain/api/dashboard';
import { apiPaths } from '../../../domain/api-paths';
import { UnsentCashList } from '../../../domain/api/unsent-cash';
import { unsentCashList } from '../../services/desk/unsent-cash-list';
import { dashboardSummary } from '../../services/shell/dashboard';
import { authOf } from '../auth/client-info';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // Bank and entity dashboards share the summary; the service demands either dashboard grant.
  app.get(
    apiPaths.dashboardSummary,
    { config: { access: 'user' }, schema: { tags: ['dashboard'], response: { 200: DashboardSummary } } },
    async (request) => dashboardSummary(ctx, authOf(request).user),
  );

  // Unsent cash as the devices last reported it (issue 16): its own route, so the summary's contract stays as it was.
  app.get(
    apiPaths.dashboardUnsentCash,
    { config: { access: 'user' }, schema: { tags: ['dashboard'], response: { 200: UnsentCashList } } },
    async (request) => unsentCashList(ctx, authOf(request).user),
  );
}
