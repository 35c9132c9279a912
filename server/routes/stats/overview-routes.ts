import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../domain/api-paths';
import { StatsOverview, StatsOverviewQuery } from '../../../domain/api/stats';
import { institutionOverview } from '../../services/stats/institution-overview';
import { authOf } from '../auth/client-info';

/** Statistics of an institution over a period, for /stats and /stats/{id}. */
export async function overviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.statsOverview,
    // Statistics (entity users) or the bank dashboard grant; the service checks which and scopes.
    { config: { access: 'user' }, schema: { tags: ['stats'], querystring: StatsOverviewQuery, response: { 200: StatsOverview } } },
    async (request) => institutionOverview(app.ctx.database.db, authOf(request).user, request.query, app.ctx.now()),
  );
}
