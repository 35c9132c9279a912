import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { messages } from '../../domain/messages';

/**
 * The API accepts JSON only (spec section 7). Other body types are refused with a localised 415
 * before any handler runs; routes that take uploads opt in to their own parser.
 */
export const jsonOnlyPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own parser rejects __proto__ and constructor.prototype keys (secure-json-parse);
  // a bare JSON.parse would hand them to every later merge or spread.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Our client sends Content-Type on every POST, with or without a body.
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) done(new AppError(400, 'invalid_json', messages.badRequest), undefined);
      else done(null, value);
    });
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new AppError(415, 'unsupported_media_type', messages.jsonOnly), undefined);
  });
});
