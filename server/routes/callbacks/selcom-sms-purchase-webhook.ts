import type { FastifyInstance } from 'fastify';
import { selcomCallbackRoute } from './selcom-callback-route';

/**
 * Selcom's webhook for SMS purchases (ADR 058): the same signature check as the giving webhook
 * (selcom-webhook.ts), on its own path so neither engine ever reads the other's orders.
 */
export async function selcomSmsPurchaseWebhookRoutes(fastify: FastifyInstance) {
  selcomCallbackRoute(fastify, '/callbacks/selcom/sms', (headers, body, meta) => fastify.ctx.smsPurchases.handleCallback(headers, body, meta));
}
