import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '../../domain/paths';

/**
 * CSP: our own origin only, plus the font and icon CDNs the spec allows (no inline scripts).
 * HSTS, nosniff and frame-ancestors 'none' come with it.
 */
export const FONT_ORIGINS = ['https://fonts.googleapis.com', 'https://fonts.gstatic.com'];
export const ICON_ORIGINS = ['https://cdnjs.cloudflare.com'];

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...FONT_ORIGINS, ...ICON_ORIGINS],
        fontSrc: ["'self'", 'data:', ...FONT_ORIGINS, ...ICON_ORIGINS],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // API answers carry personal and financial data: no browser, proxy or service-worker cache may
  // keep them (a shared computer at a church office). A route that set its own policy keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${API_BASE}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
