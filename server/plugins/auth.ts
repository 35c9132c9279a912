import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../lib/access';
import { AppError, errors } from '../lib/app-error';
import { logActivity } from '../services/auth/activity';
import { hasGrant, isBankAdmin, type RequestAuth } from '../services/auth/auth-user';
import { resolveSession } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** Why a route refuses this caller, or null when it may go ahead. */
export function accessDenial(access: Access, auth: RequestAuth | null, sessionState: 'none' | 'expired'): AppError | null {
  if (access === 'public') return null;
  if (!auth) return sessionState === 'expired' ? errors.sessionExpired() : errors.unauthenticated();
  if (access === 'signedIn') return null;
  // Everything beyond 'signedIn' waits until the default password is changed.
  if (auth.user.forceChangePassword) return errors.mustChangePassword();
  const { user } = auth;
  const allowed =
    access === 'user' ||
    (access === 'bankStaff' && user.userType === 'bank') ||
    (access === 'bankAdmin' && isBankAdmin(user)) ||
    (typeof access === 'object' && hasGrant(user, access.feature, access.action));
  return allowed ? null : errors.forbidden();
}

/** Records a refused call by a signed-in user (anonymous 401s are routine and not logged). */
async function logDenial(request: FastifyRequest, code: string): Promise<void> {
  if (!request.auth) return;
  await logActivity(request.server.ctx.database.db, {
    userId: request.auth.user.id,
    sessionId: request.auth.sessionId,
    action: 'access.denied',
    details: `${code} ${request.method} ${request.routeOptions.url ?? ''}`.slice(0, 300),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
    at: request.server.ctx.now(),
  });
}

/**
 * Resolves the bearer token to a user and enforces the route's declared access. It runs at
 * onRequest, before the body is parsed or validated, so a caller without access learns nothing
 * about the route's input rules.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not an API route (static files, 404s)
    let state: 'none' | 'expired' = 'none';
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (match?.[1]) {
      // Reads may be answered from the session cache (ADR 063). A change (a payment, an approval, a
      // sign-out) always checks the session in the database, so on another replica a revoked
      // session can never act in the moment before that replica hears of the revocation.
      const reads = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.readsOnly === true;
      const cache = reads ? app.ctx.caches.sessions : undefined;
      const result = await resolveSession(app.ctx.database.db, app.ctx.config, match[1], app.ctx.now(), cache);
      if (result.kind === 'ok') request.auth = { user: result.user, sessionId: result.sessionId };
      else if (result.kind === 'expired') state = 'expired';
    }
    const denial = accessDenial(access, request.auth, state);
    if (denial) throw denial;
  });
  // One place logs every refusal, whether the route rule or a service's record check said no.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && error.statusCode === 403) await logDenial(request, error.code);
  });
});
