import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GivingPledgeCodeInput, GivingPledgeCodeSent, GivingPledgeList, givingPledgePaths, GivingPledgeVerifyInput } from '../../../domain/api/giving-pledges';
import { messages } from '../../../domain/messages';
import { requestPledgeCode, verifyPledgeCode } from '../../services/payments/giving-pledges';

/**
 * The giving page's pledges (public, no sign-in): a code by SMS to the phone, then that phone's
 * open pledges at one church or mosque (ADR 056). Both are POSTs so phones and codes never sit in
 * access logs as part of a URL.
 */
export async function givingPledgeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    givingPledgePaths.code,
    { config: { access: 'public' }, schema: { tags: ['giving'], body: GivingPledgeCodeInput, response: { 200: GivingPledgeCodeSent } } },
    async (request) => {
      const sent = await requestPledgeCode(ctx, request.body, { ip: request.ip, locale: request.locale });
      return { message: request.t(messages.givingPledgeCodeSent), ...sent };
    },
  );

  app.post(
    givingPledgePaths.verify,
    { config: { access: 'public' }, schema: { tags: ['giving'], body: GivingPledgeVerifyInput, response: { 200: GivingPledgeList } } },
    async (request) => ({ pledges: await verifyPledgeCode(ctx, request.body, request.ip) }),
  );
}
