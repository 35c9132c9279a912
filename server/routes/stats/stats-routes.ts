import type { FastifyInstance } from 'fastify';
import { congregationStatementRoutes } from './congregation-statement-routes';
import { compareRoutes } from './compare-routes';
import { dashboardBreakdownRoutes } from './dashboard-breakdown-routes';
import { offeringsReportRoutes } from './offerings-report-routes';
import { overviewRoutes } from './overview-routes';
import { statementLinkRoutes } from './statement-link-routes';
import { statementRoutes } from './statement-routes';
import { statementSendRoutes } from './statement-send-routes';

/** Statistics, reports and giving statements (issue 16). */
export async function statsRoutes(app: FastifyInstance) {
  await app.register(offeringsReportRoutes);
  await app.register(statementRoutes);
  await app.register(overviewRoutes);
  await app.register(dashboardBreakdownRoutes);
  await app.register(compareRoutes);
  await app.register(congregationStatementRoutes);
  await app.register(statementSendRoutes);
  await app.register(statementLinkRoutes);
}
