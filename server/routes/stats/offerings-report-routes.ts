import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../domain/api-paths';
import { OfferingsReport, type OfferingsReportRow, OfferingsReportQuery } from '../../../domain/api/stats';
import { minorToMajor } from '../../../domain/money';
import { messages } from '../../../domain/messages';
import { exportTable } from '../../services/reports/export';
import { offeringsReport } from '../../services/stats/offerings-report';
import { authOf } from '../auth/client-info';
import { sendReportFile } from './report-file';

/** The offerings report: JSON, or the same figures as CSV, XLSX or PDF (amounts in major units there). */
export async function offeringsReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    apiPaths.reportOfferings,
    // Readers hold `reports` (bank, union) or `stats` (every institution); the service checks which.
    { config: { access: 'user' }, schema: { tags: ['stats'], querystring: OfferingsReportQuery, response: { 200: OfferingsReport } } },
    async (request, reply) => {
      const report = await offeringsReport(ctx.database.db, authOf(request).user, request.query, ctx.now());
      const { format } = request.query;
      if (format === 'json') return report;
      const t = request.t;
      const money = (minor: number) => minorToMajor(minor, report.currency);
      const totalsRow: OfferingsReportRow = { offeringTypeId: 0, title: t(messages.stRowTotals), ...report.totals };
      const heading = [
        t(messages.stReportOfferings),
        report.institution?.title ?? t(messages.stReportAllInstitutions),
        t(messages.stReportPeriod, { from: report.from, to: report.to }),
        t(messages.stAmountsIn, { currency: report.currency }),
      ].join(' · ');
      const file = await exportTable<OfferingsReportRow>(
        {
          title: heading,
          columns: [
            { header: t(messages.stColOfferingType), value: (r) => r.title },
            { header: t(messages.stColTotal), value: (r) => money(r.total) },
            { header: t(messages.stColChurch), value: (r) => money(r.church) },
            { header: t(messages.stColField), value: (r) => money(r.field) },
            { header: t(messages.stColUnion), value: (r) => money(r.union) },
          ],
          rows: report.rows,
          // Written after the body in every format; a PDF cut at its cap still ends with them (ADR 074).
          totalRows: [totalsRow],
          t,
          pdfMaxRows: ctx.config.exports.pdfMaxRows,
        },
        format,
      );
      return sendReportFile(request, reply, `offerings-${report.from}-${report.to}`, file);
    },
  );
}
