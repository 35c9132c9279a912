import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivityList,
  ActivityQuery,
  BankDashboard,
  ReferralReport,
  ReferralReportQuery,
  type ReferralRow,
  RegistrationReport,
  RegistrationReportQuery,
  type RegistrationRow,
  SessionLogList,
  SessionLogQuery,
} from '../../../domain/api/back-office-reports';
import { messages } from '../../../domain/messages';
import { logActivity } from '../../services/auth/activity';
import { bankDashboard } from '../../services/reports/bank-dashboard';
import { type ExportFile, writeExport } from '../../lib/export/export-writer';
import { logExportFailure } from '../../lib/export/send-export';
import { searchActivities, sessionLog } from '../../services/reports/logs';
import { referralReport } from '../../services/reports/referrals';
import { registrationReport } from '../../services/reports/registrations-report';
import { authOf } from '../auth/client-info';
import type { Caller } from '../../services/approvals/decide-request';
import { callerOf } from './caller';

async function sendFile(reply: FastifyReply, caller: Caller, name: string, file: ExportFile) {
  await logActivity(reply.server.ctx.database.db, {
    userId: caller.user.id,
    sessionId: caller.sessionId,
    action: 'report.exported',
    details: `${name}.${file.extension}`,
    ipAddress: caller.ip,
    userAgent: caller.userAgent,
    at: reply.server.ctx.now(),
  });
  logExportFailure(reply, file.body);
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${name}.${file.extension}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** Reports (JSON or CSV/XLSX/PDF), the activity log, the session log and the bank dashboard. */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['back-office'];

  app.get(
    '/reports/referrals',
    { config: { access: { feature: 'reports', action: 'view' } }, schema: { tags, querystring: ReferralReportQuery, response: { 200: ReferralReport } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const report = await referralReport(ctx, caller.user, request.query);
      const { format } = request.query;
      if (format === 'json') return report;
      const t = request.t;
      const file = await writeExport<ReferralRow>(
        {
          title: t(messages.boReportReferrals),
          columns: [
            { header: t(messages.boColReferralCode), value: (r) => r.referralCode },
            { header: t(messages.boColReferrer), value: (r) => r.referrer },
            { header: t(messages.boColReferrerKind), value: (r) => r.referrerKind },
            { header: t(messages.boColReferrerId), value: (r) => r.referrerId },
            { header: t(messages.boColInstitution), value: (r) => r.institution },
            { header: t(messages.boColCode), value: (r) => r.institutionCode },
            { header: t(messages.boColBranch), value: (r) => r.branch },
            { header: t(messages.boColChannel), value: (r) => r.channel },
            { header: t(messages.boColDate), value: (r) => r.registeredAt.slice(0, 10) },
          ],
          rows: report.data,
          t,
          pdfMaxRows: ctx.config.exports.pdfMaxRows,
        },
        format,
      );
      return sendFile(reply, caller, 'referrals', file);
    },
  );

  app.get(
    '/reports/registrations',
    { config: { access: { feature: 'reports', action: 'view' } }, schema: { tags, querystring: RegistrationReportQuery, response: { 200: RegistrationReport } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const report = await registrationReport(ctx, caller.user, request.query);
      const { format } = request.query;
      if (format === 'json') return report;
      const t = request.t;
      const file = await writeExport<RegistrationRow>(
        {
          title: t(messages.boReportRegistrations),
          columns: [
            { header: t(messages.boColInstitution), value: (r) => r.title },
            { header: t(messages.boColStatus), value: (r) => r.status },
            { header: t(messages.boColPhone), value: (r) => r.applicantPhone },
            { header: t(messages.boColBranch), value: (r) => r.branch },
            { header: t(messages.boColChannel), value: (r) => r.channel },
            { header: t(messages.boColReferralCode), value: (r) => r.referralCode },
            { header: t(messages.boColDate), value: (r) => r.createdAt.slice(0, 10) },
            { header: t(messages.boColSubmitted), value: (r) => r.submittedAt?.slice(0, 10) ?? null },
            { header: t(messages.boColReason), value: (r) => r.rejectionReason },
          ],
          rows: report.data,
          t,
          pdfMaxRows: ctx.config.exports.pdfMaxRows,
        },
        format,
      );
      return sendFile(reply, caller, 'registrations', file);
    },
  );

  app.get(
    '/activities',
    { config: { access: { feature: 'activities', action: 'view' } }, schema: { tags, querystring: ActivityQuery, response: { 200: ActivityList } } },
    async (request) => searchActivities(ctx, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/log-viewer',
    { config: { access: { feature: 'logViewer', action: 'view' } }, schema: { tags, querystring: SessionLogQuery, response: { 200: SessionLogList } } },
    async (request) => sessionLog(ctx, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/back-office/dashboard',
    { config: { access: { feature: 'dashboard', action: 'view' } }, schema: { tags, response: { 200: BankDashboard } } },
    async (request) => bankDashboard(ctx, authOf(request).user, request.locale),
  );
}
