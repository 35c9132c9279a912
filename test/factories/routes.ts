import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export type CollectedRoute = { method: string; url: string; schema: RouteOptions['schema'] };

/**
 * Runs `build` while listening on Fastify's 'fastify.initialization' channel, so an onRoute hook is
 * on the instance before any plugin registers a route. Returns the API routes of the built app.
 */
export async function collectApiRoutes<T extends { app: FastifyInstance }>(build: () => Promise<T>): Promise<{ built: T; routes: CollectedRoute[] }> {
  const seen: Array<{ instance: FastifyInstance; routes: CollectedRoute[] }> = [];
  const init = channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const entry = { instance: fastify, routes: [] as CollectedRoute[] };
    seen.push(entry);
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) entry.routes.push({ method: String(method), url: route.url, schema: route.schema });
    });
  };
  init.subscribe(onInit);
  let built: T;
  try {
    built = await build();
  } finally {
    init.unsubscribe(onInit);
  }
  const mine = seen.find((entry) => entry.instance === built.app);
  if (!mine) throw new Error('could not observe the app being built');
  const unique = new Map<string, CollectedRoute>();
  for (const route of mine.routes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    unique.set(`${route.method} ${route.url}`, route);
  }
  return { built, routes: [...unique.values()] };
}
