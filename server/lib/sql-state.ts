/** The SQLSTATE of a database error, whether the driver or drizzle's wrapper carries it. */
export function sqlState(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A value from the request that the database cannot hold in the column it is compared with: an id
 * of ten digits against an integer (22003), text where a number or UUID belongs (22P02). Request
 * schemas bound most inputs; this is what reaches the database past them, and it is the caller's
 * input, so it is a 400, not a 500.
 */
export function isUnrepresentableInput(error: unknown): boolean {
  const code = sqlState(error);
  return code === '22003' || code === '22P02';
}
