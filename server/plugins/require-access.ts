import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '../../domain/paths';

/**
 * Refuses to start when an API route does not declare who may call it, so no route can be
 * added without an access rule (and without a row in the authorization matrix test).
 */
export const requireAccessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE) || route.url.startsWith(`${API_BASE}/docs`)) return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
  });
});
