import type { FastifyInstance } from 'fastify';
import { selcomCallbackRoute } from './selcom-callback-route';

/**
 * Selcom's payment webhook. It is authenticated by its signature (the same HMAC scheme as our
 * requests to Selcom, with the shared API key and secret: see selcom-signing.ts), not by the URL:
 * a bad or missing signature is answered 401, logged and recorded, and changes nothing. A repeated
 * or late callback answers 200 and changes nothing, so the provider stops retrying; a callback
 * for a payment we do not know answers 200 too (it is logged).
 */
export async function selcomWebhookRoutes(fastify: FastifyInstance) {
  selcomCallbackRoute(fastify, '/callbacks/selcom', (headers, body, meta) => fastify.ctx.payments.handleCallback(headers, body, meta));
}
