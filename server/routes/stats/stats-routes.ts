import type { FastifyInstance } from 'fastify';
import { offeringsReportRoutes } from './offerings-report-routes';

/** Statistics, reports and giving statements (issue 16). */
export async function statsRoutes(app: FastifyInstance) {
  await app.register(offeringsReportRoutes);
}
