import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApproveInput, RejectInput, RequestDecision, RequestDetail, RequestList, RequestListQuery } from '../../../domain/api/back-office';
import { IdParam } from '../../../domain/api/common';
import { apiPaths } from '../../../domain/api-paths';
import { approveRequest, rejectRequest, withdrawRequest } from '../../services/approvals/decide-request';
import { getRequest, listRequests } from '../../services/approvals/list-requests';
import { authOf } from '../auth/client-info';
import { callerOf } from './caller';

/**
 * Maker-checker requests (fixed contract, issue 5). Approve and reject are open to every holder of
 * `requests: view` at the route, so the service can answer a checker without the type's grant with
 * the spec's own words ("You don't have access to approve bank account") instead of a generic 403.
 */
export async function requestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const view = { feature: 'requests', action: 'view' } as const;

  app.get(
    apiPaths.requests,
    { config: { access: view }, schema: { tags: ['back-office'], querystring: RequestListQuery, response: { 200: RequestList } } },
    async (request) => listRequests(ctx, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/requests/:id',
    { config: { access: view }, schema: { tags: ['back-office'], params: IdParam, response: { 200: RequestDetail } } },
    async (request) => getRequest(ctx, authOf(request).user, request.params.id),
  );

  app.post(
    '/requests/:id/approve',
    { config: { access: view }, schema: { tags: ['back-office'], params: IdParam, body: ApproveInput, response: { 200: RequestDecision } } },
    async (request) => approveRequest(ctx, callerOf(request), request.params.id, request.body?.reason),
  );

  app.post(
    '/requests/:id/reject',
    { config: { access: view }, schema: { tags: ['back-office'], params: IdParam, body: RejectInput, response: { 200: RequestDecision } } },
    async (request) => rejectRequest(ctx, callerOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/requests/:id/withdraw',
    { config: { access: { feature: 'requests', action: 'create' } }, schema: { tags: ['back-office'], params: IdParam, response: { 200: RequestDecision } } },
    async (request) => withdrawRequest(ctx, callerOf(request), request.params.id),
  );
}
