import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChangePasswordInput, LoginInput, LoginResult, Profile } from '../../../domain/api/auth';
import { MessageBody } from '../../../domain/api/common';
import { apiPaths } from '../../../domain/api-paths';
import { messages } from '../../../domain/messages';
import { errors } from '../../lib/app-error';
import { login } from '../../services/auth/login';
import { changePassword } from '../../services/auth/password-change';
import { buildProfile } from '../../services/auth/profile';
import { revokeSession } from '../../services/auth/sessions';
import { authOf, clientOf } from './client-info';

export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    apiPaths.login,
    { config: { access: 'public' }, schema: { tags: ['auth'], body: LoginInput, response: { 200: LoginResult } } },
    async (request) => login(ctx, request.body, clientOf(request), request.locale),
  );

  app.get(
    apiPaths.logout,
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], response: { 200: MessageBody } } },
    async (request) => {
      await revokeSession(ctx.database.db, authOf(request).sessionId, ctx.now());
      return { message: request.t(messages.loggedOut) };
    },
  );

  app.get(
    apiPaths.profile,
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], response: { 200: Profile } } },
    async (request) => {
      const profile = await buildProfile(ctx.database.db, authOf(request).user.id, request.locale);
      if (!profile) throw errors.unauthenticated();
      return profile;
    },
  );

  app.post(
    apiPaths.changePassword,
    // Answers the updated profile (force_change_password now false) so the client can lift the overlay.
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], body: ChangePasswordInput, response: { 200: Profile } } },
    async (request) => {
      const auth = authOf(request);
      await changePassword(ctx, auth, request.body, request.ip);
      const profile = await buildProfile(ctx.database.db, auth.user.id, request.locale);
      if (!profile) throw errors.unauthenticated();
      return profile;
    },
  );
}
