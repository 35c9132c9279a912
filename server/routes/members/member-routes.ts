import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MemberCardsQuery,
  MemberCodeQuery,
  MemberDeleted,
  MemberDeletion,
  MemberDetail,
  MemberExportQuery,
  MemberHistory,
  MemberIdParam,
  ImportPlaceQuery,
  ImportPlaces,
  MemberImportQuery,
  MemberImportResult,
  MemberListItem,
  MemberListPage,
  MemberListQuery,
  MemberUpdate,
  PhoneChangeConfirm,
  PhoneChangeStart,
  PhoneChangeStarted,
} from '../../../domain/api/members';
import { dayOf } from '../../../domain/calendar';
import { MessageBody } from '../../../domain/api/common';
import { apiPaths } from '../../../domain/api-paths';
import { fieldLabels, messages } from '../../../domain/messages';
import { cardMembers } from '../../services/members/member-cards';
import { memberCardsPdf } from '../../services/members/member-cards-pdf';
import { MAX_IMPORT_BYTES } from '../../../domain/member-import';
import { AppError, errors } from '../../lib/app-error';
import { sendExportFile } from '../../lib/export/send-export';
import { deleteMember, sendMemberDeleteCode } from '../../services/members/member-deletion';
import { findMembersByCode, memberDetail, memberHistory } from '../../services/members/member-detail';
import { updateMember } from '../../services/members/member-edit';
import { exportMembers } from '../../services/members/member-export';
import { importMembers } from '../../services/members/member-import';
import { importPlaces } from '../../services/members/member-import-places';
import { listMembers } from '../../services/members/member-list';
import { confirmPhoneChange, startPhoneChange } from '../../services/members/member-phone-change';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';

const tags = ['members'];

/** Members for staff (issue 13): the scoped list, export, detail and history, profile edit (zone moves are the zones API's, POST /api/zones/move-members). */
export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const view = { access: { feature: 'members', action: 'view' } } as const;
  const update = { access: { feature: 'members', action: 'update' } } as const;

  app.get('/members', { config: view, schema: { tags, querystring: MemberListQuery, response: { 200: MemberListPage } } }, async (request) =>
    listMembers(ctx.database.db, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/members/export',
    { config: { access: { feature: 'members', action: 'export' } }, schema: { tags, querystring: MemberExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await exportMembers(ctx.database.db, authOf(request).user, filters, format, request.locale, request.t, dayOf(ctx.now(), authOf(request).user.timeZone), ctx.config.exports.batchRows);
      return sendExportFile(reply, file);
    },
  );

  // Cards (spec §1 "print cards"): the QR holds the member code the giving page and the desk scan.
  app.get(
    '/members/cards',
    { config: view, schema: { tags, querystring: MemberCardsQuery, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { ids, zoneId, layout } = request.query;
      if (!ids && !zoneId) throw new AppError(400, 'cards_nothing', messages.memberCardsNothing);
      const cards = await cardMembers(ctx.database.db, authOf(request).user, { ids, zoneId });
      if (cards.length === 0) throw new AppError(404, 'cards_none', messages.memberCardsNone);
      const doc = await memberCardsPdf(cards, layout, { memberNumber: request.t(fieldLabels.memberCode), title: request.t(messages.memberCardsTitle) });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="member-cards-${dayOf(ctx.now(), authOf(request).user.timeZone)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-card-count', String(cards.length))
        .send(doc);
    },
  );

  app.get('/members/by-code', { config: view, schema: { tags, querystring: MemberCodeQuery, response: { 200: MemberListItem } } }, async (request) => {
    const user = authOf(request).user;
    const found = await findMembersByCode(ctx.database.db, user, request.query.code);
    // Codes carry the institution's code, so two hits only happen to staff who see both institutions; ask for more.
    if (found.length !== 1) throw errors.notFound();
    const detail = await memberDetail(ctx.database.db, user, found[0]!.id, ctx.now());
    return { id: detail.id, names: detail.names, phone: detail.phone, code: detail.code, institutionId: detail.institution.id, zoneId: detail.zone?.id ?? null, institutionTitle: detail.institution.title, zoneName: detail.zone?.name ?? null };
  });

  app.get('/members/:id', { config: view, schema: { tags, params: MemberIdParam, response: { 200: MemberDetail } } }, async (request) =>
    memberDetail(ctx.database.db, authOf(request).user, request.params.id, ctx.now()),
  );

  app.get('/members/:id/history', { config: view, schema: { tags, params: MemberIdParam, response: { 200: MemberHistory } } }, async (request) =>
    memberHistory(ctx.database.db, authOf(request).user, request.params.id),
  );

  app.patch('/members/:id', { config: update, schema: { tags, params: MemberIdParam, body: MemberUpdate, response: { 200: MemberDetail } } }, async (request) => {
    await updateMember(ctx, callerOf(request), request.params.id, request.body);
    return memberDetail(ctx.database.db, authOf(request).user, request.params.id, ctx.now());
  });

  // Phone change (spec §1): a code to the new number first; the change applies only when it comes back.
  app.post(
    '/members/:id/phone-change',
    { config: update, schema: { tags, params: MemberIdParam, body: PhoneChangeStart, response: { 200: PhoneChangeStarted } } },
    async (request) => startPhoneChange(ctx, callerOf(request), request.params.id, request.body.phone),
  );

  app.post(
    '/members/:id/phone-change/confirm',
    { config: update, schema: { tags, params: MemberIdParam, body: PhoneChangeConfirm, response: { 200: MemberDetail } } },
    async (request) => {
      await confirmPhoneChange(ctx, callerOf(request), request.params.id, request.body.code);
      return memberDetail(ctx.database.db, authOf(request).user, request.params.id, ctx.now());
    },
  );
  // The staff list's church filter (then its zones): member-holding institutions of the scope, any status.
  app.get(
    apiPaths.memberPlaces,
    { config: view, schema: { tags, querystring: ImportPlaceQuery, response: { 200: ImportPlaces } } },
    async (request) => importPlaces(ctx.database.db, authOf(request).user, request.query.search, { activeOnly: false }),
  );
  // The church picker of the import dialog for users above congregations (who name where members go).
  app.get(
    '/members/import-places',
    { config: { access: { feature: 'members', action: 'create' } }, schema: { tags, querystring: ImportPlaceQuery, response: { 200: ImportPlaces } } },
    async (request) => importPlaces(ctx.database.db, authOf(request).user, request.query.search),
  );

  // Bulk add: the one members route that takes multipart (the rest of the API stays JSON-only).
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/members/import',
      {
        config: { access: { feature: 'members', action: 'create' } },
        schema: { tags, description: importDescription, querystring: MemberImportQuery, response: { 200: MemberImportResult } },
      },
      async (request) => importMembers(ctx, callerOf(request), { ...request.query, bytes: await uploadedFile(request) }),
    );
  });

  const remove = { access: { feature: 'members', action: 'delete' } } as const;
  app.post('/members/:id/delete-code', { config: remove, schema: { tags, params: MemberIdParam, response: { 200: MessageBody } } }, async (request) => {
    await sendMemberDeleteCode(ctx, callerOf(request), request.params.id);
    return { message: request.t(messages.memberDeleteCodeSent) };
  });

  app.delete('/members/:id', { config: remove, schema: { tags, params: MemberIdParam, body: MemberDeletion.optional(), response: { 200: MemberDeleted } } }, async (request) => ({
    outcome: await deleteMember(ctx, callerOf(request), request.params.id, request.body ?? {}),
  }));
}

const importDescription = [
  'A members file (`file`, multipart): CSV (comma, semicolon or tab) or XLSX (first sheet) by content, at most 15 MB (413 `upload_too_large`).',
  'The first row names the columns in English or Swahili (required: firstName, lastName, phone, gender, country; 400 `import_columns_missing`).',
  'Rows are checked like the single member form; refused ones come back with their line and reason, the rest are stored in batches.',
  'Each row is keyed by its member number, else by the file’s SHA-256 and its line: the same file again creates nobody (`created: 0`).',
].join(' ');

/** The upload's bytes: 400 without a file, 413 over the limit (nothing read further, nothing stored). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'upload_missing', messages.importFileMissing);
  const file = await request.file();
  if (!file) throw new AppError(400, 'upload_missing', messages.importFileMissing);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'upload_too_large', messages.importTooLarge);
    throw error;
  }
}
