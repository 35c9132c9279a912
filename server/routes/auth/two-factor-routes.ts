import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Profile, TwoFactorConfirmInput, TwoFactorDisableInput, TwoFactorSetup } from '../../../domain/api/auth';
import { apiPaths } from '../../../domain/api-paths';
import { errors } from '../../lib/app-error';
import { buildProfile } from '../../services/auth/profile';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../../services/auth/two-factor';
import { authOf } from './client-info';

export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const profileOf = async (userId: number, locale: 'sw' | 'en') => {
    const profile = await buildProfile(ctx.database.db, userId, locale);
    if (!profile) throw errors.unauthenticated();
    return profile;
  };

  app.post(
    apiPaths.twoFactorSetup,
    { config: { access: 'user' }, schema: { tags: ['auth'], response: { 200: TwoFactorSetup } } },
    async (request) => setupTwoFactor(ctx, authOf(request)),
  );

  app.post(
    apiPaths.twoFactorEnable,
    { config: { access: 'user' }, schema: { tags: ['auth'], body: TwoFactorConfirmInput, response: { 200: Profile } } },
    async (request) => {
      const auth = authOf(request);
      await enableTwoFactor(ctx, auth, request.body.otp, request.ip);
      return profileOf(auth.user.id, request.locale);
    },
  );

  app.post(
    apiPaths.twoFactorDisable,
    { config: { access: 'user' }, schema: { tags: ['auth'], body: TwoFactorDisableInput, response: { 200: Profile } } },
    async (request) => {
      const auth = authOf(request);
      await disableTwoFactor(ctx, auth, request.body, request.ip);
      return profileOf(auth.user.id, request.locale);
    },
  );
}
