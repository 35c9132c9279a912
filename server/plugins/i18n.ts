import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, LANG_HEADER, type Locale } from '../../domain/locale';
import type { Translator } from '../i18n';

type Descriptor = { id: string; message: string };

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: (descriptor: Descriptor, values?: Record<string, unknown>) => string;
  }
}

/** Reads the `Lang` header (spec section 7) so every message the request produces is in that language. */
export const i18nPlugin = fp(async (app: FastifyInstance, options: { translator: Translator }) => {
  const { translator } = options;
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('t', function fallback(descriptor: Descriptor) {
    return descriptor.message;
  });
  app.addHook('onRequest', async (request) => {
    const locale = translator.locale(request.headers[LANG_HEADER]);
    request.locale = locale;
    request.t = (descriptor, values) => translator.t(locale, descriptor, values);
  });
});
