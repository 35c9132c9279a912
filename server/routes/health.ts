import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
    async () => {
      await app.ctx.database.raw.query('select 1');
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  );
}
