import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../domain/paths';
import { APP_VERSION } from '../domain/limits';
import type { AppContext } from './context';
import './lib/access';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { jsonOnlyPlugin } from './plugins/json-only';
import { requireAccessPlugin } from './plugins/require-access';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticClientPlugin } from './plugins/static-client';
import { healthRoutes } from './routes/health';

export type BuildOptions = { ctx: AppContext; logger?: boolean; serveClient?: boolean };

/** Builds the whole API (and, when asked, the PWA's static files). Used by server.ts and every test. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: options.ctx.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } : false,
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', options.ctx);

  await app.register(requireAccessPlugin);
  await app.register(i18nPlugin, { translator: options.ctx.translator });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(jsonOnlyPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sadaka API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, uiConfig: { docExpansion: 'list' }, staticCSP: true });

  if (options.serveClient) await app.register(staticClientPlugin, { root: options.ctx.config.clientDir });
  return app;
}
