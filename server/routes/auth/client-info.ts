import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../../services/auth/sessions';
import type { RequestAuth } from '../../services/auth/auth-user';
import { errors } from '../../lib/app-error';

export const APP_VERSION_HEADER = 'x-app-version';

/** What the session log records about the caller's device. */
export function clientOf(request: FastifyRequest): SessionClient {
  const version = request.headers[APP_VERSION_HEADER];
  return { ip: request.ip, userAgent: request.headers['user-agent'], appVersion: typeof version === 'string' ? version : undefined };
}

/** The caller on routes whose access rule already demanded a session. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}
