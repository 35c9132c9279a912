import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../services/approvals/decide-request';
import { authOf } from '../auth/client-info';

/** Who is acting and from where, as the back-office services record it in the activity log. */
export function callerOf(request: FastifyRequest): Caller {
  const auth = authOf(request);
  return { user: auth.user, sessionId: auth.sessionId, ip: request.ip, userAgent: request.headers['user-agent'], t: request.t };
}
