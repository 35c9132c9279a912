import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { messages } from '../../domain/messages';

/**
 * The API accepts JSON only (spec section 7). Other body types are refused with a localised 415
 * before any handler runs; routes that take uploads opt in to their own parser.
 */
export const jsonOnlyPlugin = fp(async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'invalid_json', messages.badRequest), undefined);
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new AppError(415, 'unsupported_media_type', messages.jsonOnly), undefined);
  });
});
