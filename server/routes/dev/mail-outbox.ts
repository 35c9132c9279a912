import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMailOutbox } from '../../services/mail/mail-service';

const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The local mail outbox, for a person trying the product without a mail server and for tests.
 * Its mails carry credentials and reset links, so it is guarded twice: app.ts registers it ONLY
 * when the outbox transport is in use (no SMTP_URL), and it answers only callers on this machine
 * (loopback), like the SMS simulator's inbox. Anyone else gets the same 404 as a missing route.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function mailOutboxRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/mail-outbox',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ to: z.string().max(320).optional() }),
        response: { 200: z.object({ mails: z.array(OutboxMail) }) },
      },
    },
    async (request, reply) => {
      if (!LOOPBACK.has(request.ip)) return reply.callNotFound();
      const mails = await listMailOutbox(app.ctx.database.raw, 200);
      const to = request.query.to?.toLowerCase();
      return { mails: to ? mails.filter((m) => m.to.toLowerCase() === to) : mails };
    },
  );
}
