import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/app-error';

/**
 * Selcom's payment webhook. It is authenticated by its signature (the same HMAC scheme as our
 * requests to Selcom, with the shared API key and secret: see selcom-signing.ts), not by the URL:
 * a bad or missing signature is answered 401, logged and recorded, and changes nothing. A repeated
 * or late callback answers 200 and changes nothing, so the provider stops retrying; a callback
 * for a payment we do not know answers 200 too (it is logged).
 */
export async function selcomWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/callbacks/selcom',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.record(z.string(), z.unknown()), response: { 200: z.object({ received: z.literal(true) }) } },
    },
    async (request) => {
      const outcome = await app.ctx.payments.handleCallback(request.headers, request.body, { ip: request.ip });
      if (outcome === 'rejected') throw errors.unauthenticated();
      return { received: true as const };
    },
  );
}
