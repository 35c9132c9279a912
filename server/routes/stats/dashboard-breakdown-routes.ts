import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../domain/api-paths';
import { DashboardBreakdowns, DashboardBreakdownsQuery } from '../../../domain/api/stats';
import { dashboardBreakdowns } from '../../services/stats/dashboard-breakdowns';
import { authOf } from '../auth/client-info';

/** The dashboard's breakdowns over this week, month or year against the last (issue 16). */
export async function dashboardBreakdownRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.statsDashboard,
    // Either dashboard grant (bank or entity); the service checks which and scopes.
    { config: { access: 'user' }, schema: { tags: ['stats'], querystring: DashboardBreakdownsQuery, response: { 200: DashboardBreakdowns } } },
    async (request) => dashboardBreakdowns(app.ctx, authOf(request).user, request.query),
  );
}
