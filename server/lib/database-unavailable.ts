/**
 * Whether an error means "the database is not reachable right now" (a restart, a failover,
 * pg_terminate_backend, a full connection table) rather than "this request is wrong". Such errors
 * are answered 503 with Retry-After: the next try, a moment later, usually works, because the pool
 * opens fresh connections by itself.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// SQLSTATE class 08 (connection exception), 57P01–57P03 (admin/crash shutdown, cannot connect now),
// 53300 (too many connections).
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports a dropped socket with these messages and no code.
const PG_MESSAGES = /Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|terminating connection/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLSTATE.test(code) || NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
