import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../domain/paths';
import { LANG_HEADER } from '../domain/locale';
import { messages } from '../domain/messages';
import type { AppContext } from './context';
import './lib/access';
import { serializeRequest } from './lib/log-serializers';
import { validatorRefusingControlCharacters } from './lib/validator';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { openapiOptions } from './openapi/openapi-options';
import { jsonOnlyPlugin } from './plugins/json-only';
import { requireAccessPlugin } from './plugins/require-access';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticClientPlugin } from './plugins/static-client';
import { selcomWebhookRoutes } from './routes/callbacks/selcom-webhook';
import { selcomSmsPurchaseWebhookRoutes } from './routes/callbacks/selcom-sms-purchase-webhook';
import { smsDeliveryCallbackRoutes } from './routes/callbacks/sms-delivery';
import { mailOutboxRoutes } from './routes/dev/mail-outbox';
import { passwordResetRoutes } from './routes/auth/password-reset-routes';
import { sessionRoutes } from './routes/auth/session-routes';
import { twoFactorRoutes } from './routes/auth/two-factor-routes';
import { backOfficeRoutes } from './routes/back-office/back-office-routes';
import { dashboardRoutes } from './routes/dashboard/dashboard-routes';
import { deskBatchRoutes } from './routes/desk/batch-routes';
import { deskMemberRoutes } from './routes/desk/member-routes';
import { deskReceiptRoutes } from './routes/desk/receipt-routes';
import { deskReferenceRoutes } from './routes/desk/reference-routes';
import { deskUnsentCashRoutes } from './routes/desk/unsent-cash-routes';
import { healthRoutes } from './routes/health';
import { memberRoutes } from './routes/members/member-routes';
import { memberTransferRoutes } from './routes/members/member-transfer-routes';
import { givingRoutes } from './routes/payments/giving-routes';
import { givingPledgeRoutes } from './routes/payments/giving-pledge-routes';
import { pledgeRoutes } from './routes/pledges/pledge-routes';
import { smsRoutes } from './routes/sms/sms-routes';
import { paymentRoutes } from './routes/payments/payment-routes';
import { transferRoutes } from './routes/payments/transfer-routes';
import { adminRoutes } from './routes/admin/admin-routes';
import { transactionRoutes } from './routes/payments/transaction-routes';
import { searchRoutes } from './routes/shell/search-routes';
import { shellRoutes } from './routes/shell/shell-routes';
import { statsRoutes } from './routes/stats/stats-routes';

export type BuildOptions = { ctx: AppContext; logger?: boolean; serveClient?: boolean };

/** Builds the whole API (and, when asked, the PWA's static files). Used by server.ts and every test. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: options.ctx.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'], serializers: { req: serializeRequest } } : false,
    trustProxy: toTrustProxy(options.ctx.config.trustProxy),
    // Errors the router raises before any hook runs (over-long or malformed URLs) still get a
    // localised body in the usual shape.
    frameworkErrors: (error, request, reply) => {
      const locale = options.ctx.translator.locale(request.headers[LANG_HEADER]);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send({ statusCode: status, code: 'bad_request', message: options.ctx.translator.t(locale, messages.badRequest) });
    },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorRefusingControlCharacters);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', options.ctx);

  // Answers above 1 KiB compressed for clients that ask (issue 15: a 2,000-member cache page is 332 KB,
  // 41 KB gzipped). Request bodies are left alone: the JSON-only plugin and the body limit see them as sent.
  await app.register(compress, { globalCompression: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(requireAccessPlugin);
  await app.register(i18nPlugin, { translator: options.ctx.translator });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(jsonOnlyPlugin);
  await app.register(authPlugin);
  await app.register(swagger, openapiOptions);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(sessionRoutes);
      await api.register(twoFactorRoutes);
      await api.register(passwordResetRoutes);
      await api.register(shellRoutes);
      await api.register(searchRoutes);
      await api.register(dashboardRoutes);
      // Offline treasurer desk (issue 3)
      await api.register(deskReferenceRoutes);
      await api.register(deskMemberRoutes);
      await api.register(deskBatchRoutes);
      await api.register(deskReceiptRoutes);
      await api.register(deskUnsentCashRoutes);
      await api.register(smsDeliveryCallbackRoutes);
      // Online giving and payments (issue 4)
      await api.register(paymentRoutes);
      await api.register(transferRoutes);
      await api.register(givingRoutes);
      await api.register(givingPledgeRoutes);
      await api.register(transactionRoutes);
      await api.register(selcomWebhookRoutes);
      await api.register(selcomSmsPurchaseWebhookRoutes);
      await api.register(backOfficeRoutes);
      // Church and mosque administration (issue 12)
      await api.register(adminRoutes);
      // Statistics, reports and giving statements (issue 16)
      await api.register(statsRoutes);
      await api.register(memberRoutes);
      await api.register(memberTransferRoutes);
      await api.register(pledgeRoutes);
      await api.register(smsRoutes);
      // Public and full of credentials: exists only while mail goes to the local outbox (see the route).
      if (!options.ctx.config.mail.smtpUrl) await api.register(mailOutboxRoutes);
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, uiConfig: { docExpansion: 'list' }, staticCSP: true });

  if (options.serveClient) await app.register(staticClientPlugin, { root: options.ctx.config.clientDir });
  return app;
}

/** A hop count becomes "trust the nearest N proxies"; addresses and booleans pass through. */
function toTrustProxy(value: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
