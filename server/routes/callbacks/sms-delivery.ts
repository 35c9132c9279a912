import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/app-error';
import { isValidSmsCallbackToken } from '../../providers/sms/callback-secret';
import { applyDeliveryReport } from '../../services/sms/sms-delivery';

const DeliveryReportBody = z.object({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(50),
  phoneNumber: z.string().max(32).optional(),
  networkCode: z.string().max(16).optional(),
  failureReason: z.string().max(200).optional(),
  retryCount: z.string().max(8).optional(),
});

/**
 * Africa's Talking posts delivery reports form-encoded. The API is JSON-only everywhere else, so
 * the form parser lives inside this encapsulated plugin and nowhere else. AT signs nothing: the
 * callback URL carries a secret token; a wrong one is answered 401 and logged. Unknown ids and
 * repeated reports answer 200 and change nothing, so AT stops retrying.
 */
export async function smsDeliveryCallbackRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/callbacks/sms/delivery',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({ token: z.string().max(200).optional() }),
        body: DeliveryReportBody,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!isValidSmsCallbackToken(app.ctx.config, request.query.token)) {
        request.log.warn({ ip: request.ip, providerMessageId: request.body.id }, 'SMS delivery report with a bad token rejected');
        throw errors.unauthenticated();
      }
      const outcome = await applyDeliveryReport(app.ctx.database.raw, request.body, app.ctx.now());
      request.log.info({ providerMessageId: request.body.id, status: request.body.status, outcome }, 'SMS delivery report');
      return { received: true as const };
    },
  );
}
