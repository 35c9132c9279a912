import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '../../domain/paths';

/** Files that must never be cached by the browser, or an update would never reach the person. */
const NO_CACHE = new Set(['/sw.js', '/index.html', '/manifest.webmanifest', '/registerSW.js']);

/** Serves the built PWA; any non-API GET that is not a file gets index.html (the SPA's router decides). */
export const staticClientPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(join(options.root, 'index.html'))) {
    app.log.warn(`No built client in ${options.root}; run "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      const name = `/${path.slice(options.root.length).replace(/^\/+/, '')}`;
      if (NO_CACHE.has(name)) res.header('cache-control', 'no-cache');
      else if (name.startsWith('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith(API_BASE)) return;
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.includes('..')) return;
    if (pathname !== '/' && existsSync(join(options.root, pathname)) && !pathname.endsWith('/')) {
      return reply.sendFile(pathname.slice(1));
    }
    if (/\.[a-z0-9]+$/i.test(pathname)) return; // a missing asset: let it 404
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
