import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemberCachePage, MemberCacheQuery, MemberSyncRequest, SyncResponse } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { memberCachePage } from '../../services/desk/member-cache';
import { syncMembers } from '../../services/desk/member-sync';
import { authOf } from '../auth/client-info';
import { syncActorOf } from './desk-request';

/** The device member cache (changes since a cursor) and offline member registrations. */
export async function deskMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    apiPaths.memberCache,
    {
      config: { access: { feature: 'members', action: 'view' } },
      schema: { tags: ['desk'], querystring: MemberCacheQuery, response: { 200: MemberCachePage } },
    },
    async (request) => memberCachePage(ctx.database.db, authOf(request).user, request.query, request.t),
  );

  app.post(
    apiPaths.membersSync,
    {
      config: { access: { feature: 'members', action: 'create' } },
      schema: { tags: ['desk'], body: MemberSyncRequest, response: { 200: SyncResponse } },
    },
    async (request) => ({ results: await syncMembers(ctx, syncActorOf(request), request.body.members, request.log) }),
  );
}
