import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MemberTransfer,
  TransferAnswer,
  TransferDestinationQuery,
  TransferDestinations,
  TransferIdParam,
  TransferListPage,
  TransferListQuery,
  TransferRequest,
} from '../../../domain/api/member-transfers';
import { MemberIdParam } from '../../../domain/api/members';
import { listTransfers } from '../../services/members/member-transfer-list';
import { acceptTransfer, cancelTransfer, refuseTransfer, requestTransfer, transferDestinations } from '../../services/members/member-transfer';
import { authOf } from '../auth/client-info';
import { callerOf } from '../back-office/caller';

const tags = ['members'];

/**
 * Member transfers (issue 13, ADR 054): the sending side requests, the receiving side accepts or
 * refuses, the sender may withdraw. Each side is checked against the caller's scope on the server.
 */
export async function memberTransferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const view = { access: { feature: 'members', action: 'view' } } as const;
  const update = { access: { feature: 'members', action: 'update' } } as const;

  app.get(
    '/members/:id/transfer-destinations',
    { config: update, schema: { tags, params: MemberIdParam, querystring: TransferDestinationQuery, response: { 200: TransferDestinations } } },
    async (request) => transferDestinations(ctx.database.db, authOf(request).user, request.params.id, request.query.search),
  );

  app.post(
    '/members/:id/transfer',
    { config: update, schema: { tags, params: MemberIdParam, body: TransferRequest, response: { 201: MemberTransfer } } },
    async (request, reply) => reply.code(201).send(await requestTransfer(ctx, callerOf(request), request.params.id, request.body)),
  );

  app.get('/member-transfers', { config: view, schema: { tags, querystring: TransferListQuery, response: { 200: TransferListPage } } }, async (request) =>
    listTransfers(ctx.database.db, authOf(request).user, request.query),
  );

  app.post('/member-transfers/:id/accept', { config: update, schema: { tags, params: TransferIdParam, response: { 200: MemberTransfer } } }, async (request) =>
    acceptTransfer(ctx, callerOf(request), request.params.id),
  );

  app.post(
    '/member-transfers/:id/refuse',
    { config: update, schema: { tags, params: TransferIdParam, body: TransferAnswer, response: { 200: MemberTransfer } } },
    async (request) => refuseTransfer(ctx, callerOf(request), request.params.id, request.body.note),
  );

  app.post('/member-transfers/:id/cancel', { config: update, schema: { tags, params: TransferIdParam, response: { 200: MemberTransfer } } }, async (request) =>
    cancelTransfer(ctx, callerOf(request), request.params.id),
  );
}
