import type { FastifyRequest } from 'fastify';
import type { Action, Feature } from '../../../domain/permissions';
import { requireAnyGrant } from '../../services/desk/desk-access';
import type { SyncActor } from '../../services/desk/sync-entry';
import { authOf } from '../auth/client-info';

/** The caller of a sync route, as the per-entry services need it. */
export function syncActorOf(request: FastifyRequest): SyncActor {
  const { user, sessionId } = authOf(request);
  return { user, sessionId, ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale, t: request.t };
}

/**
 * For routes with `access: 'user'` whose readers hold one of several grants: refuses the rest at
 * onRequest (after the auth plugin's own hook), before the query is validated, as a plain
 * `{ feature, action }` rule would.
 */
export function requireAnyGrantHook(grants: ReadonlyArray<readonly [Feature, Action]>) {
  return async (request: FastifyRequest) => {
    requireAnyGrant(authOf(request).user, grants);
  };
}
