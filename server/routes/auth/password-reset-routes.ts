import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResetCompleteInput, ResetIdParam, ResetRequestInput, ResetStatus, ResetVerifyCodeInput, ResetVerifyCodeResult } from '../../../domain/api/auth';
import { MessageBody } from '../../../domain/api/common';
import { apiPaths } from '../../../domain/api-paths';
import { messages } from '../../../domain/messages';
import { requestReset, verifyResetCode } from '../../services/auth/password-reset';
import { completeReset, resetStatus } from '../../services/auth/reset-complete';

export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Built by hand: apiPaths.resetById would percent-encode the ':' of the route parameter.
  const byId = `${apiPaths.resetRequest}/:id`;

  app.post(
    apiPaths.resetRequest,
    { config: { access: 'public' }, schema: { tags: ['auth'], body: ResetRequestInput, response: { 200: MessageBody } } },
    async (request) => {
      await requestReset(ctx, request.body, { ip: request.ip, locale: request.locale });
      return { message: request.t(messages.resetSent) };
    },
  );

  app.post(
    apiPaths.resetVerifyCode,
    { config: { access: 'public' }, schema: { tags: ['auth'], body: ResetVerifyCodeInput, response: { 200: ResetVerifyCodeResult } } },
    async (request) => verifyResetCode(ctx, request.body, request.ip),
  );

  app.get(
    byId,
    { config: { access: 'public' }, schema: { tags: ['auth'], params: ResetIdParam, response: { 200: ResetStatus } } },
    async (request) => resetStatus(ctx, request.params.id),
  );

  app.post(
    byId,
    { config: { access: 'public' }, schema: { tags: ['auth'], params: ResetIdParam, body: ResetCompleteInput, response: { 200: MessageBody } } },
    async (request) => {
      await completeReset(ctx, request.params.id, request.body, request.ip);
      return { message: request.t(messages.passwordChanged) };
    },
  );
}
