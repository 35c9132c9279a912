/** Postgres unique_violation (23505), whether the driver or drizzle's wrapper carries the code. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      const named = typeof candidate.constraint === 'string' ? candidate.constraint : String(candidate.message ?? '');
      return named.includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}
