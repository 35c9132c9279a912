import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/app-error';

/**
 * Selcom's webhook for SMS purchases (ADR 058): the same signature check as the giving webhook
 * (selcom-webhook.ts), on its own path so neither engine ever reads the other's orders. A bad
 * signature is 401 and changes nothing; a repeated, late or unknown callback answers 200 and
 * changes nothing, so Selcom stops retrying.
 */
export async function selcomSmsPurchaseWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/callbacks/selcom/sms',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.record(z.string(), z.unknown()), response: { 200: z.object({ received: z.literal(true) }) } },
    },
    async (request) => {
      const outcome = await app.ctx.smsPurchases.handleCallback(request.headers, request.body, { ip: request.ip });
      if (outcome === 'rejected') throw errors.unauthenticated();
      return { received: true as const };
    },
  );
}
