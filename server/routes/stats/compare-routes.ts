import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../domain/api-paths';
import { LevelComparison, LevelComparisonQuery, StatsOverTime, StatsOverTimeQuery } from '../../../domain/api/stats-compare';
import { levelComparison } from '../../services/stats/level-comparison';
import { statsOverTime } from '../../services/stats/over-time';
import { authOf } from '../auth/client-info';

/** The statistics page's collections over time and its comparison of a level (issue 16, ADR 079). */
export async function compareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Statistics (entity users) or the bank dashboard grant; the services check which and scope.
  app.get(
    apiPaths.statsOverTime,
    { config: { access: 'user' }, schema: { tags: ['stats'], querystring: StatsOverTimeQuery, response: { 200: StatsOverTime } } },
    async (request) => statsOverTime(app.ctx.database.db, authOf(request).user, request.query),
  );
  app.get(
    apiPaths.statsCompare,
    { config: { access: 'user' }, schema: { tags: ['stats'], querystring: LevelComparisonQuery, response: { 200: LevelComparison } } },
    async (request) => levelComparison(app.ctx.database.db, authOf(request).user, request.query, app.ctx.now()),
  );
}
