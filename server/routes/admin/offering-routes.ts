import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/api/common';
import { OfferingSettings, OfferingSettingsQuery, OfferingTypeDetails, OfferingTypeInput, OfferingTypeUpdate } from '../../../domain/api/offerings';
import { apiPaths } from '../../../domain/api-paths';
import { createOfferingType, deleteOfferingType, offeringSettings, updateOfferingType } from '../../services/offerings/offering-admin';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';

/** Offering types per level and their divisions (issue 12, /settings/offerings). GET /offering-types is the desk's. */
export async function offeringRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['offerings'];

  app.get(
    apiPaths.offeringSettings,
    { config: { access: { feature: 'offerings', action: 'view' } }, schema: { tags, querystring: OfferingSettingsQuery, response: { 200: OfferingSettings } } },
    async (request) => offeringSettings(ctx.database.db, authOf(request).user, request.query.institutionId),
  );
  app.post(
    apiPaths.offeringTypes,
    { config: { access: { feature: 'offerings', action: 'create' } }, schema: { tags, body: OfferingTypeInput, response: { 201: OfferingTypeDetails } } },
    async (request, reply) => reply.status(201).send(await createOfferingType(ctx, callerOf(request), request.body)),
  );
  app.put(
    '/offering-types/:id',
    { config: { access: { feature: 'offerings', action: 'update' } }, schema: { tags, params: IdParam, body: OfferingTypeUpdate, response: { 200: OfferingTypeDetails } } },
    async (request) => updateOfferingType(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/offering-types/:id',
    { config: { access: { feature: 'offerings', action: 'delete' } }, schema: { tags, params: IdParam } },
    async (request, reply) => {
      await deleteOfferingType(ctx, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
