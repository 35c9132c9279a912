import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AffiliationInput, AffiliationView, ParentCandidates, ParentCandidatesQuery } from '../../../domain/api/affiliation';
import { NewInstitutionInput } from '../../../domain/api/back-office-registration';
import { SubmittedRequest } from '../../../domain/api/back-office-users';
import { IdParam } from '../../../domain/api/common';
import { requestNewInstitution } from '../../services/affiliation/create-institution';
import { tableBankCore } from '../../services/registration/bank-core';
import { affiliationView, parentCandidates, requestMove } from '../../services/affiliation/affiliation-service';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';

/** Affiliation (/affiliation/{id}, ADR 052): where an institution belongs, its moves, asking for a new one, and new institutions under a parent. */
export async function affiliationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['structure'];
  const view = { access: { feature: 'structure' as const, action: 'view' as const } };

  app.get('/institutions/:id/affiliation', { config: view, schema: { tags, params: IdParam, response: { 200: AffiliationView } } }, async (request) =>
    affiliationView(ctx, authOf(request).user, request.params.id),
  );
  app.get(
    '/institutions/:id/affiliation/parents',
    { config: view, schema: { tags, params: IdParam, querystring: ParentCandidatesQuery, response: { 200: ParentCandidates } } },
    async (request) => parentCandidates(ctx, authOf(request).user, request.params.id, request.query),
  );
  // The service decides who may ask: bank staff with requests:create, or structure:update below the caller's own institution.
  app.post(
    '/institutions/:id/affiliation',
    { config: view, schema: { tags, params: IdParam, body: AffiliationInput, response: { 201: SubmittedRequest } } },
    async (request, reply) => reply.status(201).send(await requestMove(ctx, callerOf(request), request.params.id, request.body)),
  );
  // Creating under a parent is a request too (never straight to active); the service checks who may ask.
  const core = tableBankCore(ctx.database.db);
  app.post('/institutions', { config: view, schema: { tags, body: NewInstitutionInput, response: { 201: SubmittedRequest } } }, async (request, reply) =>
    reply.status(201).send(await requestNewInstitution(ctx, core, callerOf(request), request.body)),
  );
}
