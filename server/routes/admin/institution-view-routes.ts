import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, recordIdText } from '../../../domain/api/common';
import type { InstitutionListItem } from '../../../domain/api/structure';
import {
  CustomFieldValuesInput,
  InstitutionExportQuery,
  InstitutionList,
  InstitutionListQuery,
  InstitutionProfile,
  StructurePage,
  StructureQuery,
} from '../../../domain/api/structure';
import { dayOf } from '../../../domain/calendar';
import { messages } from '../../../domain/messages';
import { writeExport } from '../../lib/export/export-writer';
import { logExportFailure } from '../../lib/export/send-export';
import { saveCustomFieldValues } from '../../services/structure/custom-field-values';
import { institutionFile } from '../../services/structure/institution-files';
import { institutionProfile } from '../../services/structure/institution-profile';
import { INSTITUTION_EXPORT_CAP, institutionsForExport, listInstitutions } from '../../services/structure/institution-list';
import { structurePage } from '../../services/structure/structure-tree';
import { auditChange } from '../../services/reference/audit';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';

/** The institution tree (/structure), the staff list (/entity) with its export, and one institution's profile. */
export async function institutionViewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['structure'];
  const view = { access: { feature: 'structure' as const, action: 'view' as const } };

  app.get('/structure', { config: view, schema: { tags, querystring: StructureQuery, response: { 200: StructurePage } } }, async (request) =>
    structurePage(ctx.database.db, authOf(request).user, request.query, ctx.now()),
  );
  app.get('/institutions', { config: view, schema: { tags, querystring: InstitutionListQuery, response: { 200: InstitutionList } } }, async (request) =>
    listInstitutions(ctx.database.db, authOf(request).user, request.query),
  );
  app.get(
    '/institutions/export',
    { config: { access: { feature: 'structure', action: 'export' } }, schema: { tags, querystring: InstitutionExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const caller = callerOf(request);
      const { rows, more } = await institutionsForExport(ctx.database.db, caller.user, { format, ...filters });
      const t = request.t;
      const sw = request.locale === 'sw';
      const file = await writeExport<InstitutionListItem>(
        {
          title: t(messages.structureExportTitle),
          columns: [
            { header: t(messages.boColInstitution), value: (r) => r.title, width: 32 },
            { header: t(messages.boColCode), value: (r) => r.code },
            { header: t(messages.structureColLevel), value: (r) => (sw ? r.level.nameSw : r.level.nameEn) },
            { header: t(messages.structureColParent), value: (r) => r.parent?.title ?? null, width: 32 },
            { header: t(messages.structureColReligion), value: (r) => (sw ? r.religion.nameSw : r.religion.nameEn) },
            { header: t(messages.boColBranch), value: (r) => r.branch?.name ?? null },
            { header: t(messages.structureColRegion), value: (r) => r.region },
            { header: t(messages.boColStatus), value: (r) => r.status },
          ],
          rows,
          footer: more ? t(messages.structureExportCut, { count: INSTITUTION_EXPORT_CAP }) : null,
          t,
          pdfMaxRows: ctx.config.exports.pdfMaxRows,
        },
        format,
      );
      await auditChange(ctx, caller, 'institutions.exported', 'institution', 0, `${rows.length} rows, ${format}`);
      logExportFailure(reply, file.body);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="institutions-${dayOf(ctx.now(), caller.user.timeZone)}.${file.extension}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
  app.get('/institutions/:id', { config: view, schema: { tags, params: IdParam, response: { 200: InstitutionProfile } } }, async (request) =>
    institutionProfile(ctx.database.db, authOf(request).user, request.params.id, ctx.now()),
  );
  app.get(
    '/institutions/:id/files/:fileId',
    { config: view, schema: { tags, params: IdParam.extend({ fileId: recordIdText }) } },
    async (request, reply) => {
      const { upload, bytes } = await institutionFile(ctx, authOf(request).user, request.params.id, request.params.fileId);
      const ascii = upload.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .type(upload.mimeType)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
  app.put(
    '/institutions/:id/custom-fields',
    { config: { access: { feature: 'structure', action: 'update' } }, schema: { tags, params: IdParam, body: CustomFieldValuesInput } },
    async (request, reply) => {
      await saveCustomFieldValues(ctx, callerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
}
