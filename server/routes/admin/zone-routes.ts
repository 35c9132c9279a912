import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/api/common';
import { Zone, ZoneInput, ZoneList, ZoneMergeInput, ZoneMoveMembersInput, ZoneMoveMembersResult, ZonePatch, ZoneQuery } from '../../../domain/api/zones';
import { apiPaths } from '../../../domain/api-paths';
import { deleteZone, mergeZone, moveMembersToZone } from '../../services/zones/zone-removal';
import { createZone, listZones, updateZone } from '../../services/zones/zones';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';
import { requireAnyGrantHook } from '../desk/desk-request';

/** Who reads zones: those who manage them, and those who read members (a member's zone is part of them). */
const ZONE_READERS = [['groups', 'view'], ['members', 'view']] as const;

/** Zones and groups of a congregation (issue 12, /groups-management); cached by the offline desk. */
export async function zoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['zones'];

  app.get(
    apiPaths.zones,
    { config: { access: 'user' }, onRequest: requireAnyGrantHook(ZONE_READERS), schema: { tags, querystring: ZoneQuery, response: { 200: ZoneList } } },
    async (request) => ({ data: await listZones(ctx.database.db, authOf(request).user, request.query.institutionId) }),
  );
  app.post(
    apiPaths.zones,
    { config: { access: { feature: 'groups', action: 'create' } }, schema: { tags, body: ZoneInput, response: { 201: Zone } } },
    async (request, reply) => reply.status(201).send(await createZone(ctx, callerOf(request), request.body)),
  );
  app.patch(
    '/zones/:id',
    { config: { access: { feature: 'groups', action: 'update' } }, schema: { tags, params: IdParam, body: ZonePatch, response: { 200: Zone } } },
    async (request) => updateZone(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/zones/:id',
    { config: { access: { feature: 'groups', action: 'delete' } }, schema: { tags, params: IdParam } },
    async (request, reply) => {
      await deleteZone(ctx, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  // Nothing is lost in a merge (members and sub-zones move across), so it is an update, not a delete.
  app.post(
    '/zones/:id/merge',
    { config: { access: { feature: 'groups', action: 'update' } }, schema: { tags, params: IdParam, body: ZoneMergeInput, response: { 200: Zone } } },
    async (request) => mergeZone(ctx, callerOf(request), request.params.id, request.body.intoZoneId),
  );
  app.post(
    apiPaths.zoneMoveMembers,
    { config: { access: { feature: 'groups', action: 'update' } }, schema: { tags, body: ZoneMoveMembersInput, response: { 200: ZoneMoveMembersResult } } },
    async (request) => moveMembersToZone(ctx, callerOf(request), request.body),
  );
}
