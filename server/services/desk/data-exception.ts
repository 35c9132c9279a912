/**
 * PostgreSQL's class 22, "data exception" (a NUL character in text, a value out of range, …),
 * whether the driver or drizzle's wrapper carries the code: the data itself cannot be stored, so
 * sending the same entry again can never succeed.
 */
export function isDataException(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
