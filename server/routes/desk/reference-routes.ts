import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrencyList, OfferingTypeList, OfferingTypeQuery } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { DESK_REFERENCE_READERS } from '../../services/desk/desk-access';
import { listCurrencies, listOfferingTypes } from '../../services/desk/reference-data';
import { authOf } from '../auth/client-info';
import { requireAnyGrantHook } from './desk-request';

/** What a device caches to record receipts offline: offering types with divisions, and currencies. */
export async function deskReferenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    apiPaths.offeringTypes,
    {
      config: { access: 'user' },
      onRequest: requireAnyGrantHook(DESK_REFERENCE_READERS),
      schema: { tags: ['desk'], querystring: OfferingTypeQuery, response: { 200: OfferingTypeList } },
    },
    async (request) => ({ data: await listOfferingTypes(ctx.database.db, authOf(request).user, request.query.institutionId) }),
  );

  // Reference data, the same for everyone: any signed-in user who may work at all.
  app.get(
    apiPaths.currencies,
    { config: { access: 'user' }, schema: { tags: ['desk'], response: { 200: CurrencyList } } },
    async () => ({ data: await listCurrencies(ctx.database.db) }),
  );
}
