import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LimitOffsetParams } from '../../../domain/api/common';
import { MemberSearchResult, SearchInput, TransactionSearchResult } from '../../../domain/api/shell';
import { searchTransactions } from '../../services/shell/search';
import { searchMembers } from '../../services/shell/search-members';
import { authOf } from '../auth/client-info';

/** Advanced search (spec section 2): `searchTransaction/7/0` and `searchMember/7/0`, always scoped to the caller. */
export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/searchTransaction/:limit/:offset',
    {
      config: { access: { feature: 'transactions', action: 'view' }, readsOnly: true },
      schema: { tags: ['shell'], params: LimitOffsetParams, body: SearchInput, response: { 200: TransactionSearchResult } },
    },
    async (request) => searchTransactions(ctx, authOf(request).user, request.body.value, request.params),
  );

  app.post(
    '/searchMember/:limit/:offset',
    {
      config: { access: { feature: 'members', action: 'view' }, readsOnly: true },
      schema: { tags: ['shell'], params: LimitOffsetParams, body: SearchInput, response: { 200: MemberSearchResult } },
    },
    async (request) => searchMembers(ctx, authOf(request).user, request.body.value, request.params),
  );
}
