import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/api/common';
import { SubmittedRequest } from '../../../domain/api/back-office-users';
import { AmendmentInput, NewAccountInput, RegistrationList, RegistrationListQuery, RegistrationView } from '../../../domain/api/back-office-registration';
import { errors } from '../../lib/app-error';
import { requestAmendment, requestNewAccount } from '../../services/registration/account-requests';
import { tableBankCore } from '../../services/registration/bank-core';
import { findUpload, readUpload } from '../../services/registration/uploads';
import { forwardRegistration, getRegistration, listRegistrations, registrationScope } from '../../services/registration/staff';
import { registrations } from '../../db/schema/approvals';
import { and, eq } from 'drizzle-orm';
import { authOf } from '../auth/client-info';
import { callerOf } from './caller';

/** Staff side of onboarding: the registration summary, forwarding, amendments, new accounts, documents. */
export async function institutionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const core = tableBankCore(ctx.database.db);
  const tags = ['back-office'];

  app.get(
    '/registrations',
    { config: { access: { feature: 'requests', action: 'view' } }, schema: { tags, querystring: RegistrationListQuery, response: { 200: RegistrationList } } },
    async (request) => listRegistrations(ctx, authOf(request).user, request.query, request.t),
  );
  app.get(
    '/registrations/:id',
    { config: { access: { feature: 'requests', action: 'view' } }, schema: { tags, params: IdParam, response: { 200: RegistrationView } } },
    async (request) => getRegistration(ctx, authOf(request).user, request.params.id),
  );
  app.post(
    '/registrations/:id/forward',
    { config: { access: { feature: 'requests', action: 'create' } }, schema: { tags, params: IdParam, response: { 201: SubmittedRequest } } },
    async (request, reply) => reply.status(201).send(await forwardRegistration(ctx, core, callerOf(request), request.params.id)),
  );
  // Open to any signed-in user at the route: the service allows bank staff with the grant, or the institution's own users.
  app.post(
    '/institutions/:id/amendments',
    { config: { access: 'user' }, schema: { tags, params: IdParam, body: AmendmentInput, response: { 201: SubmittedRequest } } },
    async (request, reply) => reply.status(201).send(await requestAmendment(ctx, callerOf(request), request.params.id, request.body)),
  );
  app.post(
    '/bank-accounts',
    { config: { access: 'user' }, schema: { tags, body: NewAccountInput, response: { 201: SubmittedRequest } } },
    async (request, reply) => reply.status(201).send(await requestNewAccount(ctx, core, callerOf(request), request.body)),
  );

  // Documents are served to bank staff who can see the registration they came with, never inline.
  app.get('/uploads/:id', { config: { access: 'bankStaff' }, schema: { tags, params: IdParam } }, async (request, reply) => {
    const upload = await findUpload(ctx, request.params.id);
    if (!upload || upload.registrationId === null) throw errors.notFound();
    const [visible] = await ctx.database.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.id, upload.registrationId), registrationScope(authOf(request).user)));
    if (!visible) throw errors.notFound();
    const bytes = await readUpload(ctx, upload);
    const ascii = upload.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .type(upload.mimeType)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
