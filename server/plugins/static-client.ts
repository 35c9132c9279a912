import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '../../domain/paths';

/** Files that must never be cached by the browser, or an update would never reach the person. */
const NO_CACHE = new Set(['/sw.js', '/index.html', '/manifest.webmanifest', '/registerSW.js', '/give.html', '/give-en.html', '/give.webmanifest']);

/**
 * The public giving page is its own light entry (docs/decisions/009-giving-page.md) with its first
 * screen pre-rendered per language: give.html (Swahili) and give-en.html. /en/give-offerings, or
 * /give-offerings for someone whose `lang` cookie says English (the page then moves to /en itself),
 * gets the English one, so the page never flashes the other language.
 */
const GIVING_PAGE = /^(?:\/en)?\/give-offerings\/?$/;
const ENGLISH_COOKIE = /(?:^|;\s*)lang=en(?:;|$)/;

function givingPageFile(pathname: string, cookie: string | undefined): string {
  return pathname.startsWith('/en/') || ENGLISH_COOKIE.test(cookie ?? '') ? 'give-en.html' : 'give.html';
}

/** Serves the built PWA; any non-API GET that is not a file gets index.html (the SPA's router decides). */
export const staticClientPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(join(options.root, 'index.html'))) {
    app.log.warn(`No built client in ${options.root}; run "npm run build"`);
    return;
  }
  // A build made before the giving entry existed has no give.html: the admin shell answers instead.
  const hasGivingPage = existsSync(join(options.root, 'give.html'));
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): a phone on 2G downloads
    // the compressed bytes with no compression work per request.
    preCompressed: true,
    setHeaders(res, path) {
      const name = `/${path.slice(options.root.length).replace(/^\/+/, '')}`;
      if (NO_CACHE.has(name)) res.header('cache-control', 'no-cache');
      else if (name.startsWith('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Built files are routes of their own (wildcard: false registers one per file at start-up), so
  // only a request that matched no route reaches this fallback: a page path (no file extension)
  // gets the SPA's shell, a missing asset keeps its 404. No file-system check per request.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404 || request.method !== 'GET' || request.url.startsWith(API_BASE)) return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (/\.[a-z0-9]+$/i.test(pathname)) return;
    reply.header('cache-control', 'no-cache');
    if (GIVING_PAGE.test(pathname) && hasGivingPage) {
      const file = givingPageFile(pathname, request.headers.cookie);
      return reply.sendFile(existsSync(join(options.root, file)) ? file : 'give.html');
    }
    return reply.sendFile('index.html');
  });
});
