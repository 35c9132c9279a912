import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActorPasswordInput, AssignableRoleGroupList, DeleteUserInput, EditUserInput, NewBankUserInput, SubmittedRequest, UserItem, UserList, UserListQuery } from '../../../domain/api/back-office-users';
import { IdParam, MessageBody } from '../../../domain/api/common';
import { messages } from '../../../domain/messages';
import { assignableRoleGroups } from '../../services/users/assignable-role-groups';
import { getUserItem, listUsers } from '../../services/users/list-users';
import { deleteUser, disableUser, enableUser, resetTwoFactor, sendDeleteCode } from '../../services/users/user-actions';
import { requestNewBankUser, requestUserEdit } from '../../services/users/user-requests';
import { authOf } from '../auth/client-info';
import { callerOf } from './caller';

/** /users (issue 5): listing and the direct actions; create and edit only ever store a request. */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['back-office'];

  app.get(
    '/users',
    { config: { access: { feature: 'users', action: 'view' } }, schema: { tags, querystring: UserListQuery, response: { 200: UserList } } },
    async (request) => listUsers(ctx, authOf(request).user, request.query, request.t),
  );

  app.get(
    '/users/role-groups',
    { config: { access: { feature: 'users', action: 'view' } }, schema: { tags, response: { 200: AssignableRoleGroupList } } },
    async () => assignableRoleGroups(ctx.database.db),
  );

  app.get(
    '/users/:id',
    { config: { access: { feature: 'users', action: 'view' } }, schema: { tags, params: IdParam, response: { 200: UserItem } } },
    async (request) => getUserItem(ctx, authOf(request).user, request.params.id),
  );

  app.post(
    '/users',
    { config: { access: { feature: 'users', action: 'create' } }, schema: { tags, body: NewBankUserInput, response: { 201: SubmittedRequest } } },
    async (request, reply) => reply.status(201).send(await requestNewBankUser(ctx, callerOf(request), request.body)),
  );

  app.patch(
    '/users/:id',
    { config: { access: { feature: 'users', action: 'update' } }, schema: { tags, params: IdParam, body: EditUserInput, response: { 201: SubmittedRequest } } },
    async (request, reply) => reply.status(201).send(await requestUserEdit(ctx, callerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/users/:id/enable',
    { config: { access: { feature: 'users', action: 'update' } }, schema: { tags, params: IdParam, response: { 200: UserItem } } },
    async (request) => {
      await enableUser(ctx, callerOf(request), request.params.id);
      return getUserItem(ctx, authOf(request).user, request.params.id);
    },
  );

  // Taking access away from someone needs the actor's own password again (ADR 015).
  app.post(
    '/users/:id/disable',
    { config: { access: { feature: 'users', action: 'update' } }, schema: { tags, params: IdParam, body: ActorPasswordInput, response: { 200: UserItem } } },
    async (request) => {
      await disableUser(ctx, callerOf(request), request.params.id, request.body);
      return getUserItem(ctx, authOf(request).user, request.params.id);
    },
  );

  app.post(
    '/users/:id/reset-2fa',
    { config: { access: { feature: 'users', action: 'update' } }, schema: { tags, params: IdParam, body: ActorPasswordInput, response: { 200: UserItem } } },
    async (request) => {
      await resetTwoFactor(ctx, callerOf(request), request.params.id, request.body);
      return getUserItem(ctx, authOf(request).user, request.params.id);
    },
  );

  app.post(
    '/users/:id/delete-code',
    { config: { access: { feature: 'users', action: 'delete' } }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (request) => {
      await sendDeleteCode(ctx, callerOf(request), request.params.id);
      return { message: request.t(messages.boDeleteCodeSent) };
    },
  );

  app.post(
    '/users/:id/delete',
    { config: { access: { feature: 'users', action: 'delete' } }, schema: { tags, params: IdParam, body: DeleteUserInput, response: { 200: MessageBody } } },
    async (request) => {
      await deleteUser(ctx, callerOf(request), request.params.id, request.body);
      return { message: request.t(messages.boUserDeleted) };
    },
  );
}
