import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/app-error';

type HandleCallback = (headers: FastifyRequest['headers'], body: Record<string, unknown>, meta: { ip: string }) => Promise<string>;

/**
 * A Selcom webhook: public, authenticated by its signature inside `handle` (selcom-signing.ts). A bad
 * or missing signature ('rejected') is 401 and changes nothing; anything else answers 200, so
 * Selcom stops retrying a repeated, late or unknown callback.
 */
export function selcomCallbackRoute(fastify: FastifyInstance, path: string, handle: HandleCallback): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    path,
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.record(z.string(), z.unknown()), response: { 200: z.object({ received: z.literal(true) }) } },
    },
    async (request) => {
      const outcome = await handle(request.headers, request.body, { ip: request.ip });
      if (outcome === 'rejected') throw errors.unauthenticated();
      return { received: true as const };
    },
  );
}
